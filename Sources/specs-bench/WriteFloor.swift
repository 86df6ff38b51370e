import Foundation
import Messages

/// The cost of writing an NDJSON stream alone: every line of a saved stream written to
/// a scratch file beside it with one `write(2)` per line, then with one write per 256 KiB;
/// and the floor of a `message` run: the stream's envelopes (decoded beforehand) encoded
/// and written per 256 KiB, and encoded and written as the `message` formatter writes them
/// (a 64 KiB buffer, flushed when each test case finishes). Nothing else runs, so these
/// bound from below the time of any run that writes this stream.
enum WriteFloor {
    static func run(stream path: String, runs: Int = 5) -> Int32 {
        guard let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write(Data("specs-bench: cannot read \(path)\n".utf8))
            return 2
        }
        let bytes = [UInt8](data)
        var lines: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(start..<index + 1)
            start = index + 1
        }
        let steps = countSteps(bytes, lines)
        let scratch = path + ".write-floor"
        defer { unlink(scratch) }
        var perLine: [Double] = []
        var buffered: [Double] = []
        for _ in 0..<runs {
            perLine.append(
                time(scratch) { fd in
                    bytes.withUnsafeBytes { raw in
                        for line in lines { writeAll(fd, raw, line) }
                    }
                })
            buffered.append(
                time(scratch) { fd in
                    bytes.withUnsafeBytes { raw in
                        var chunk = 0
                        while chunk < raw.count {
                            let end = min(chunk + 256 * 1024, raw.count)
                            writeAll(fd, raw, chunk..<end)
                            chunk = end
                        }
                    }
                })
        }
        guard let envelopes = try? NDJSON.envelopes(in: String(decoding: bytes, as: UTF8.self), uri: path) else {
            FileHandle.standardError.write(Data("specs-bench: \(path) is not a message stream\n".utf8))
            return 2
        }
        var encoded: [Double] = []
        var flushed: [Double] = []
        for _ in 0..<runs {
            encoded.append(time(scratch) { encode(envelopes, to: $0, block: 256 * 1024, flushesTestCases: false) })
            flushed.append(time(scratch) { encode(envelopes, to: $0, block: 1 << 16, flushesTestCases: true) })
        }
        let line = median(perLine)
        let block = median(buffered)
        let floor = median(encoded)
        let asRun = median(flushed)
        print(String(format: "lines %d  bytes %d  steps %d", lines.count, bytes.count, steps))
        print(
            String(
                format:
                    "per-line writes %.3f s (at most %.0f steps/s)  buffered %.3f s  encoded and buffered %.3f s  encoded and flushed per test case %.3f s  (medians of %d)",
                line, Double(steps) / line, block, floor, asRun, runs))
        return 0
    }

    /// Encodes the envelopes and writes them whenever `block` bytes are buffered and, when
    /// `flushesTestCases`, after each `testCaseFinished`, as the message formatter does.
    private static func encode(_ envelopes: [Envelope], to fd: Int32, block: Int, flushesTestCases: Bool) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(block + 65536)
        for envelope in envelopes {
            NDJSON.append(envelope, to: &buffer)
            var endsTestCase = false
            if flushesTestCases, case .testCaseFinished = envelope { endsTestCase = true }
            if endsTestCase || buffer.count >= block {
                buffer.withUnsafeBytes { writeAll(fd, $0, 0..<$0.count) }
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer.withUnsafeBytes { writeAll(fd, $0, 0..<$0.count) }
    }

    private static func countSteps(_ bytes: [UInt8], _ lines: [Range<Int>]) -> Int {
        let prefix = Array(#"{"testStepFinished""#.utf8)
        return lines.filter {
            $0.count >= prefix.count && bytes[$0.lowerBound..<$0.lowerBound + prefix.count].elementsEqual(prefix)
        }.count
    }

    private static func time(_ scratch: String, _ body: (Int32) -> Void) -> Double {
        let fd = open(scratch, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return .nan }
        let start = DispatchTime.now().uptimeNanoseconds
        body(fd)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        close(fd)
        return elapsed
    }

    private static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer, _ range: Range<Int>) {
        guard let base = raw.baseAddress else { return }
        var offset = range.lowerBound
        while offset < range.upperBound {
            let written = write(fd, base + offset, range.upperBound - offset)
            if written <= 0 { return }
            offset += written
        }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
}
