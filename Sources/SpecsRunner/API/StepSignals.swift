/// Thrown by a step (or hook) that is not implemented yet: the step is pending.
public struct Pending: Error, Sendable, CustomStringConvertible {
    /// Why, as the report shows it.
    public let reason: String?
    /// A pending step, with why: `throw Pending("fines come with the next release")`.
    public init(_ reason: String? = nil) { self.reason = reason }
    /// The reason, or `pending`.
    public var description: String { reason ?? "pending" }
}

/// Thrown by a step (or hook) to skip the rest of its scenario.
public struct Skipped: Error, Sendable, CustomStringConvertible {
    /// Why, as the report shows it.
    public let reason: String?
    /// A skipped scenario, with why: `throw Skipped("the payment sandbox is down")`.
    public init(_ reason: String? = nil) { self.reason = reason }
    /// The reason, or `skipped`.
    public var description: String { reason ?? "skipped" }
}

/// A failed expectation, with what was expected and what happened.
public struct ExpectationFailure: Error, Sendable, CustomStringConvertible {
    /// What was expected and what happened.
    public let message: String
    /// The Swift file of the expectation, relative to the working directory when below it.
    public let file: String
    /// The line of the expectation.
    public let line: Int

    /// A failure saying `message` at the caller's place: `throw ExpectationFailure("the cart is empty")`.
    public init(_ message: String, file: String = #filePath, line: Int = #line) {
        self.message = message
        self.file = SourcePath.relative(file)
        self.line = line
    }

    /// The message and its place.
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
