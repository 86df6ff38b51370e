/// A scenario ready to run: one per scenario and one per example row of an outline,
/// background steps included, placeholders substituted, tags inherited.
public struct Pickle: Sendable, Hashable, Codable {
    /// Its id, unique in the run.
    public var id: String
    /// Where its document came from.
    public var uri: String
    /// Where it comes from: the scenario's line, or an outline's example row.
    public var location: Location
    /// The scenario's name, an outline's `<placeholders>` filled in from its row.
    public var name: String
    /// The language of its feature.
    public var language: String
    /// Its steps: the backgrounds' first, then its own, placeholders filled in.
    public var steps: [PickleStep]
    /// Its tags and those it inherits (feature, rule, examples), in that order.
    public var tags: [PickleTag]
    /// The scenario's id, then the example row's id for an outline row.
    public var astNodeIds: AstNodeIds

    /// A pickle of these parts (a compiler makes them; a worker process rebuilds the one it runs).
    public init(
        id: String, uri: String, location: Location, name: String, language: String, steps: [PickleStep],
        tags: [PickleTag], astNodeIds: AstNodeIds
    ) {
        self.id = id
        self.uri = uri
        self.location = location
        self.name = name
        self.language = language
        self.steps = steps
        self.tags = tags
        self.astNodeIds = astNodeIds
    }
}

/// A tag a pickle carries, from its feature, rule, scenario or examples.
public struct PickleTag: Sendable, Hashable, Codable {
    /// The tag, with its `@`.
    public var name: String
    /// The id of the tag where it is written.
    public var astNodeId: String

    /// The tag `name` (with its `@`), written at the node `astNodeId`.
    public init(name: String, astNodeId: String) {
        self.name = name
        self.astNodeId = astNodeId
    }
}

/// The kind of a pickle step: what its keyword (or the keyword before a conjunction) says.
public enum PickleStepType: String, Sendable, Hashable, Codable, BitwiseCopyable {
    /// A `*` step, or one whose kind nothing before it gives.
    case unknown = "Unknown"
    /// A `Given` step (or an `And`/`But` after one).
    case context = "Context"
    /// A `When` step (or an `And`/`But` after one).
    case action = "Action"
    /// A `Then` step (or an `And`/`But` after one).
    case outcome = "Outcome"
}

/// One step of a pickle.
public struct PickleStep: Sendable, Hashable, Codable {
    /// Its id, unique in the run.
    public var id: String
    /// The text a step definition matches, placeholders filled in.
    public var text: String
    /// What kind of step it is.
    public var type: PickleStepType?
    /// Its doc string or table, if any.
    public var argument: PickleStepArgument?
    /// The step's id, then the example row's id for an outline row.
    public var astNodeIds: AstNodeIds

    /// A step of these parts.
    public init(
        id: String, text: String, type: PickleStepType?, argument: PickleStepArgument?, astNodeIds: AstNodeIds
    ) {
        self.id = id
        self.text = text
        self.type = type
        self.argument = argument
        self.astNodeIds = astNodeIds
    }
}

/// The arguments of a pickle step.
public struct PickleStepArgument: Sendable, Hashable, Codable {
    /// The doc string, if the argument is one.
    public var docString: PickleDocString?
    /// The table, if the argument is one.
    public var dataTable: PickleTable?

    /// A step's doc string, table, or both.
    public init(docString: PickleDocString? = nil, dataTable: PickleTable? = nil) {
        self.docString = docString
        self.dataTable = dataTable
    }
}

/// A doc string argument after substitution.
public struct PickleDocString: Sendable, Hashable, Codable {
    /// The media type after the opening delimiter, if any.
    public var mediaType: String?
    /// The text, placeholders filled in.
    public var content: String
    /// 1 or 2 when the step has both a table and a doc string, in source order.
    public var argumentIndex: Int?

    /// A doc string of this text.
    public init(mediaType: String? = nil, content: String, argumentIndex: Int? = nil) {
        self.mediaType = mediaType
        self.content = content
        self.argumentIndex = argumentIndex
    }
}

/// A table argument after substitution.
public struct PickleTable: Sendable, Hashable, Codable {
    /// Its rows, header included.
    public var rows: [PickleTableRow]
    /// 1 or 2 when the step has both a table and a doc string, in source order.
    public var argumentIndex: Int?

    /// A table of these rows.
    public init(rows: [PickleTableRow], argumentIndex: Int? = nil) {
        self.rows = rows
        self.argumentIndex = argumentIndex
    }
}

/// A row of a step's table.
public struct PickleTableRow: Sendable, Hashable, Codable {
    /// Its cells, in order.
    public var cells: [PickleTableCell]
    /// A row of these cells.
    public init(cells: [PickleTableCell]) { self.cells = cells }
}

/// A cell of a step's table.
public struct PickleTableCell: Sendable, Hashable, Codable {
    /// Its text, placeholders filled in.
    public var value: String
    /// A cell of this text.
    public init(value: String) { self.value = value }
}
