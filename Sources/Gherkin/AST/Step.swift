/// What a step keyword says about its step.
public enum StepKeywordType: String, Sendable, Hashable, Codable, BitwiseCopyable {
    /// A `*` step, or `And`/`But` with nothing before it.
    case unknown = "Unknown"
    /// `Given` and its translations.
    case context = "Context"
    /// `When` and its translations.
    case action = "Action"
    /// `Then` and its translations.
    case outcome = "Outcome"
    /// `And` and `But`: the type of the step before.
    case conjunction = "Conjunction"
}

/// A step as written: its keyword (with trailing space where the language has one),
/// its text and its optional arguments.
public struct Step: Sendable, Hashable, Codable {
    /// Where its keyword is.
    public var location: Location
    /// The keyword as written, with the space after it (`Given `, `Dado `; `* `).
    public var keyword: String
    /// What kind of keyword it is.
    public var keywordType: StepKeywordType?
    /// The text after the keyword: what a step definition matches.
    public var text: String
    /// Its doc string argument, if any.
    public var docString: DocString?
    /// Its table argument, if any.
    public var dataTable: DataTable?
    /// Its id, unique in the run.
    public var id: String
}
