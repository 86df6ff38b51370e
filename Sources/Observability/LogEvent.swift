/// How important an event is.
public enum LogLevel: String, Sendable, Codable, CaseIterable, Comparable {
    case debug, info, warning, error

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The lowest level worth logging in an environment: everything in development,
    /// info and above in staging, warnings and errors in production.
    public static func threshold(forEnvironment environment: String) -> LogLevel {
        switch environment.lowercased() {
        case "production", "prod", "release": .warning
        case "staging", "test": .info
        default: .debug
        }
    }
}

/// A structured event: a stable semantic key (`catalog.load.started`), a level and
/// context fields (`feature`, `layer`, `operation`, `traceId`, `outcome`, ...).
public struct LogEvent: Sendable, Equatable, Codable {
    public let message: String
    public let level: LogLevel
    public let context: [String: String]

    public init(message: String, level: LogLevel, context: [String: String]) {
        self.message = message
        self.level = level
        self.context = context
    }
}

/// The logging port.
public protocol AppLogger: Sendable {
    func log(_ event: LogEvent) async
}
