import Foundation

/// Writes each event as one JSON line (keys sorted), for real output.
public actor JSONLinesLogger: AppLogger {
    private let write: @Sendable (String) -> Void
    private let encoder: JSONEncoder

    /// `write` receives each line, without its line feed.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    /// Lines to standard error.
    public static func standardError() -> JSONLinesLogger {
        JSONLinesLogger { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }

    public func log(_ event: LogEvent) {
        guard let data = try? encoder.encode(event) else { return }
        write(String(decoding: data, as: UTF8.self))
    }

    /// Events as JSON lines.
    public static func lines(_ events: [LogEvent]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return events.compactMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) }.joined(
            separator: "\n")
    }
}
