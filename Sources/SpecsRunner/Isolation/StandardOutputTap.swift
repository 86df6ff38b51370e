import Foundation

/// What code run in the runner's own process (a run hook) writes to standard output, kept
/// to attach to it and still written after it where standard output goes (or standard error,
/// when standard output carries a report): standard output is a temporary file while the code
/// runs. Of a huge output, the first `kept` bytes are kept.
enum StandardOutputTap {
    static let kept = 512 * 1024

    /// Runs `body` with standard output going to a temporary file, then writes what it wrote
    /// to `descriptor`; returns it.
    static func capturing(_ body: () async -> Void, writingTo descriptor: Int32 = STDOUT_FILENO) async -> String {
        fflush(nil)
        var template = Array((NSTemporaryDirectory() + "/specs-hook-output-XXXXXX").utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let saved = dup(STDOUT_FILENO)
        guard file >= 0, saved >= 0, dup2(file, STDOUT_FILENO) >= 0 else {
            if file >= 0 { close(file) }
            if saved >= 0 { close(saved) }
            await body()
            return ""
        }
        unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        await body()
        fflush(nil)
        dup2(saved, STDOUT_FILENO)
        close(saved)
        var written: [UInt8] = []
        lseek(file, 0, SEEK_SET)
        var reader = ChunkReader(file)
        while reader.next({ bytes in
            _ = writeAll(descriptor, bytes)
            if written.count < kept { written += bytes.prefix(kept - written.count) }
        }) {}
        close(file)
        return String(decoding: written, as: UTF8.self)
    }
}
