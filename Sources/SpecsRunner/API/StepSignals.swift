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

/// Fails the step unless `actual == expected`, saying both: `balance: expected 70, got 100`
/// (an optional shown as its value or `nil`, text in quotes: `name: expected "Ann", got "Ann "`).
public func expectEqual<T: Equatable>(
    _ actual: T, _ expected: T, _ what: @autoclosure () -> String = "value",
    file: String = #filePath, line: Int = #line
) throws {
    guard actual == expected else {
        let (shownExpected, shownActual) = ExpectedValue.describe(expected, actual)
        throw ExpectationFailure("\(what()): expected \(shownExpected), got \(shownActual)", file: file, line: line)
    }
}

/// How `expectEqual` shows two values that differ.
enum ExpectedValue {
    /// Both values as the failure shows them: an optional as its value or `nil` (not
    /// `Optional(70)`), text in quotes with its escapes (`"Ann "` against `"Ann"`), and
    /// other values that would read alike as Swift writes them in code, so that the
    /// difference shows.
    static func describe(_ expected: Any, _ actual: Any) -> (String, String) {
        let plain = (describe(expected), describe(actual))
        guard plain.0 == plain.1 else { return plain }
        return (String(reflecting: unwrapped(expected) ?? expected), String(reflecting: unwrapped(actual) ?? actual))
    }

    private static func describe(_ value: Any) -> String {
        guard let value = unwrapped(value) else { return "nil" }
        if value is any StringProtocol || value is Character { return String(reflecting: value) }
        return String(describing: value)
    }

    /// The value inside any number of optionals; nil for `nil`.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let inner = mirror.children.first?.value else { return nil }
        return unwrapped(inner)
    }
}

/// Fails the step unless `condition` holds.
public func expect(
    _ condition: Bool, _ message: @autoclosure () -> String = "expectation failed",
    file: String = #filePath, line: Int = #line
) throws {
    guard condition else { throw ExpectationFailure(message(), file: file, line: line) }
}
