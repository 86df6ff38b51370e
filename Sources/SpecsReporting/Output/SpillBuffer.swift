import Foundation

/// Text written now and read back once, at the end: a report that can only head its body
/// once the run is over (JUnit's counts) keeps the body in an unlinked temporary file
/// rather than in memory. Without a temporary file, the text stays in memory.
final class SpillBuffer {
    private var pending: [UInt8] = []
    private var descriptor: Int32 = -1
    private static let chunk = 1 << 16

    init() {
        var template = Array((NSTemporaryDirectory() + "/specs-spill-XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        // Unlinked at once: the file goes with the process, however it ends.
        if descriptor >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

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
                // The disk refused: keep the rest in memory.
                pending.removeFirst(offset)
                close(descriptor)
                descriptor = -1
                return
            }
            offset += written
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes everything appended, in order, to `output`.
    func drain(into output: ReportOutput) {
        if descriptor >= 0 {
            var buffer = [UInt8](repeating: 0, count: Self.chunk)
            var offset: off_t = 0
            while true {
                let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                output.write { $0 += buffer[0..<count] }
                offset += off_t(count)
            }
        }
        output.write { $0 += pending }
    }
}
