/// Thrown by a step (or hook) that is not implemented yet: the step is pending.
public struct Pending: Error, Sendable, CustomStringConvertible {
    public let reason: String?
    public init(_ reason: String? = nil) { self.reason = reason }
    public var description: String { reason ?? "pending" }
}

/// Thrown by a step (or hook) to skip the rest of its scenario.
public struct Skipped: Error, Sendable, CustomStringConvertible {
    public let reason: String?
    public init(_ reason: String? = nil) { self.reason = reason }
    public var description: String { reason ?? "skipped" }
}

/// A failed expectation, with what was expected and what happened.
public struct ExpectationFailure: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let file: String
    public let line: Int

    public init(_ message: String, file: String = #filePath, line: Int = #line) {
        self.message = message
        self.file = SourcePath.relative(file)
        self.line = line
    }

    public var description: String { "\(message) (\(file):\(line))" }
}

/// Fails the step unless `actual == expected`, saying both.
public func expectEqual<T: Equatable>(
    _ actual: T, _ expected: T, _ what: @autoclosure () -> String = "value",
    file: String = #filePath, line: Int = #line
) throws {
    guard actual == expected else {
        throw ExpectationFailure("\(what()): expected \(expected), got \(actual)", file: file, line: line)
    }
}

/// Fails the step unless `condition` holds.
public func expect(
    _ condition: Bool, _ message: @autoclosure () -> String = "expectation failed",
    file: String = #filePath, line: Int = #line
) throws {
    guard condition else { throw ExpectationFailure(message(), file: file, line: line) }
}
