/// What a step keyword says about its step.
public enum StepKeywordType: String, Sendable, Hashable, Codable, BitwiseCopyable {
    case unknown = "Unknown"
    case context = "Context"
    case action = "Action"
    case outcome = "Outcome"
    case conjunction = "Conjunction"
}

/// A step as written: its keyword (with trailing space where the language has one),
/// its text and its optional arguments.
public struct Step: Sendable, Hashable, Codable {
    public var location: Location
    public var keyword: String
    public var keywordType: StepKeywordType?
    public var text: String
    public var docString: DocString?
    public var dataTable: DataTable?
    public var id: String
}
