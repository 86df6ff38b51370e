import Foundation

/// Where a format writes: standard output, standard error or a file. Writes are
/// buffered; `flush()` pushes them out (the message format flushes every line).
public final class ReportOutput {
    private let handle: FileHandle
    private let closeOnFinish: Bool
    private var buffer: [UInt8] = []
    public let isTerminal: Bool

    public init(handle: FileHandle, closeOnFinish: Bool = false, isTerminal: Bool = false) {
        self.handle = handle
        self.closeOnFinish = closeOnFinish
        self.isTerminal = isTerminal
        buffer.reserveCapacity(1 << 16)
    }

    public static func standardOutput() -> ReportOutput {
        ReportOutput(handle: .standardOutput, isTerminal: isatty(STDOUT_FILENO) != 0)
    }

    public static func standardError() -> ReportOutput {
        ReportOutput(handle: .standardError, isTerminal: isatty(STDERR_FILENO) != 0)
    }

    /// A new file (parent directories created), or an error saying why not.
    public static func file(_ path: String) throws -> ReportOutput {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw OutputError(path: path, reason: "cannot create the file")
        }
        return ReportOutput(handle: try FileHandle(forWritingTo: url), closeOnFinish: true)
    }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends bytes written straight into the buffer.
    public func write(_ body: (inout [UInt8]) -> Void) {
        body(&buffer)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        let descriptor = handle.fileDescriptor
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    break
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    public func close() {
        flush()
        if closeOnFinish { try? handle.close() }
    }
}

public struct OutputError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(path): error: \(reason)" }
}
