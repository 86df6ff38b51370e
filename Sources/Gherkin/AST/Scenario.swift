/// A scenario, or a scenario outline when `examples` is not empty.
public struct Scenario: Sendable, Hashable, Codable {
    /// Where its keyword is.
    public var location: Location
    /// The tags above it.
    public var tags: [Tag]
    /// The keyword as written (`Scenario`, `Example`, `Scenario Outline`, `Escenario`).
    public var keyword: String
    /// The text after the keyword.
    public var name: String
    /// The free text under the keyword line.
    public var description: String
    /// Its steps, as written (an outline's with their `<placeholders>`).
    public var steps: [Step]
    /// An outline's examples; empty for a plain scenario.
    public var examples: [Examples]
    /// Its id, unique in the run.
    public var id: String
}
