/// A scenario ready to run: one per scenario and one per example row of an outline,
/// background steps included, placeholders substituted, tags inherited.
public struct Pickle: Sendable, Hashable, Codable {
    public var id: String
    /// Where its document came from.
    public var uri: String
    public var location: Location
    public var name: String
    public var language: String
    public var steps: [PickleStep]
    public var tags: [PickleTag]
    /// The scenario's id, then the example row's id for an outline row.
    public var astNodeIds: AstNodeIds
}

/// A tag a pickle carries, from its feature, rule, scenario or examples.
public struct PickleTag: Sendable, Hashable, Codable {
    public var name: String
    public var astNodeId: String
}

/// The kind of a pickle step: what its keyword (or the keyword before a conjunction) says.
public enum PickleStepType: String, Sendable, Hashable, Codable, BitwiseCopyable {
    case unknown = "Unknown"
    case context = "Context"
    case action = "Action"
    case outcome = "Outcome"
}

/// One step of a pickle.
public struct PickleStep: Sendable, Hashable, Codable {
    public var id: String
    public var text: String
    public var type: PickleStepType?
    public var argument: PickleStepArgument?
    /// The step's id, then the example row's id for an outline row.
    public var astNodeIds: AstNodeIds
}

/// The arguments of a pickle step.
public struct PickleStepArgument: Sendable, Hashable, Codable {
    public var docString: PickleDocString?
    public var dataTable: PickleTable?
}

/// A doc string argument after substitution.
public struct PickleDocString: Sendable, Hashable, Codable {
    public var mediaType: String?
    public var content: String
    /// 1 or 2 when the step has both a table and a doc string, in source order.
    public var argumentIndex: Int?
}

/// A table argument after substitution.
public struct PickleTable: Sendable, Hashable, Codable {
    public var rows: [PickleTableRow]
    /// 1 or 2 when the step has both a table and a doc string, in source order.
    public var argumentIndex: Int?

    public init(rows: [PickleTableRow], argumentIndex: Int? = nil) {
        self.rows = rows
        self.argumentIndex = argumentIndex
    }
}

public struct PickleTableRow: Sendable, Hashable, Codable {
    public var cells: [PickleTableCell]
    public init(cells: [PickleTableCell]) { self.cells = cells }
}

public struct PickleTableCell: Sendable, Hashable, Codable {
    public var value: String
    public init(value: String) { self.value = value }
}
