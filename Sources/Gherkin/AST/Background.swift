/// Steps that run before every scenario of a feature or rule.
public struct Background: Sendable, Hashable, Codable {
    /// Where its keyword is.
    public var location: Location
    /// The keyword as written, in the file's language (`Background`, `Antecedentes`).
    public var keyword: String
    /// The text after the keyword; empty when there is none.
    public var name: String
    /// The free text under the keyword line, as written (indentation kept).
    public var description: String
    /// Its steps, run before each scenario of its feature or rule.
    public var steps: [Step]
    /// Its id, unique in the run.
    public var id: String
}
