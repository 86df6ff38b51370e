import Foundation

/// Text written now and read back at the end: a report that can only head its body once
/// the run is over (JUnit's counts), or that puts its parts in another order than they
/// came (the HTML book), keeps them in an unlinked temporary file rather than in memory.
/// Without a temporary file, or once the disk refuses, the text stays in memory.
final class SpillBuffer {
    private var pending: [UInt8] = []
    private var descriptor: Int32 = -1
    /// How many of the bytes appended are in the file; the rest are in `pending`.
    private var spilled = 0
    private static let chunk = 1 << 16
    /// Why bytes appended cannot all be given back (the file could not be read back): a
    /// report drained from this buffer then fails rather than being put in place cut short.
    private var lost: String?

    init() {
        var template = Array((NSTemporaryDirectory() + "/specs-spill-XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        // Unlinked at once: the file goes with the process, however it ends.
        if descriptor >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// How many bytes were appended: the offset the next append starts at.
    var count: Int { spilled + pending.count }

    func append(_ text: String) {
        pending += text.utf8
        if pending.count >= Self.chunk { spill() }
    }

    private func spill() {
        guard descriptor >= 0 else { return }
        var offset = 0
        while offset < pending.count {
            let written = pending[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                // The disk refused: what the file holds comes back to memory, with the rest.
                let back = read(0..<spilled + offset)
                if back.count != spilled + offset { lost = Self.unreadable() }
                pending = back + pending[offset...]
                close(descriptor)
                descriptor = -1
                spilled = 0
                return
            }
            offset += written
        }
        spilled += pending.count
        pending.removeAll(keepingCapacity: true)
    }

    /// The bytes of `range` that are in the file.
    private func read(_ range: Range<Int>) -> [UInt8] {
        var bytes: [UInt8] = []
        copyFromFile(range) { bytes += $0 }
        return bytes
    }

    /// Why the file could not be read back, worded for the report's error.
    private static func unreadable() -> String {
        "cannot read back the report's temporary file: \(String(cString: strerror(errno)))"
    }

    /// Hands `body` the bytes of `range` from the file; returns how many it could read.
    @discardableResult
    private func copyFromFile(_ range: Range<Int>, _ body: (ArraySlice<UInt8>) -> Void) -> Int {
        guard descriptor >= 0 else { return 0 }
        var buffer = [UInt8](repeating: 0, count: Self.chunk)
        var offset = range.lowerBound
        while offset < range.upperBound {
            let wanted = min(buffer.count, range.upperBound - offset)
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(offset)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return offset - range.lowerBound }
            body(buffer[0..<count])
            offset += count
        }
        return range.count
    }

    /// Writes the bytes appended at `range` (offsets as `count` gave them) to `output`.
    func copy(_ range: Range<Int>, into output: ReportOutput) {
        let inFile = range.clamped(to: 0..<spilled)
        if let lost { output.fail(lost) }
        if !inFile.isEmpty, copyFromFile(inFile, { slice in output.write { $0 += slice } }) != inFile.count {
            output.fail(Self.unreadable())
        }
        let inMemory = range.clamped(to: spilled..<count)
        if !inMemory.isEmpty {
            output.write {
                $0 += self.pending[(inMemory.lowerBound - self.spilled)..<(inMemory.upperBound - self.spilled)]
            }
        }
    }

    /// Writes everything appended, in order, to `output`.
    func drain(into output: ReportOutput) { copy(0..<count, into: output) }
}
