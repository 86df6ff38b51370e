import Locking

/// A log message whose interpolated values are public or private, as `os.log` has them:
/// `"User ID: \(private: id)"`. Values are private unless marked public.
public struct PrivacyMessage: ExpressibleByStringInterpolation, Sendable {
    public struct Interpolation: StringInterpolationProtocol, Sendable {
        var parts: [(text: String, isPrivate: Bool)] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { parts.append((literal, false)) }
        public mutating func appendInterpolation(private value: some CustomStringConvertible) {
            parts.append((value.description, true))
        }
        public mutating func appendInterpolation(public value: some CustomStringConvertible) {
            parts.append((value.description, false))
        }
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            parts.append((value.description, true))
        }
    }

    let parts: [(text: String, isPrivate: Bool)]

    public init(stringLiteral value: String) { parts = [(value, false)] }
    public init(stringInterpolation: Interpolation) { parts = stringInterpolation.parts }

    /// The message as the system log keeps it: each private value as `<private>`.
    public var redacted: String { parts.map { $0.isPrivate ? "<private>" : $0.text }.joined() }
}

/// A category logger (`auth`, `network`, `analytics`, ...) writing what the system log would
/// keep: private values redacted, public ones visible.
public struct AppLogger: Sendable {
    public let category: String
    private let lines: Locked<[String]>

    public init(category: String) {
        self.category = category
        lines = Locked([])
    }

    /// Logs a message whose values say whether they are private.
    public func info(_ message: PrivacyMessage) { lines.withLock { $0.append("[\(category)] " + message.redacted) } }
    /// Logs a message that is private as a whole.
    public func logPrivate(_ message: String) { info("\(private: message)") }
    /// Logs a message that is public as a whole.
    public func logPublic(_ message: String) { info("\(public: message)") }

    /// What the system log holds of this logger's messages.
    public var systemLog: [String] { lines.withLock { $0 } }
}
