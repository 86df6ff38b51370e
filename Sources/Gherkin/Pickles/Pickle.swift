/// A scenario ready to run: one per scenario and one per example row of an outline,
/// background steps included, placeholders substituted, tags inherited.
///
/// A view into the pickles compiled from one document, like the document's nodes:
/// compiling makes no string or array per pickle, and text becomes a `String` when read.
public struct Pickle: Sendable {
    let storage: PickleStorage
    let index: Int
    /// A uri set after compiling, in place of the one compiled with.
    private var changedURI: String?

    init(storage: PickleStorage, index: Int) {
        self.storage = storage
        self.index = index
    }

    /// Where its document came from: the uri it was compiled with, unless set since.
    public var uri: String {
        get { changedURI ?? storage.nodes.uri }
        set { changedURI = newValue }
    }

    private var record: PickleRecord { storage.nodes.pickles[index] }

    public var id: String { storage.id(record.id) }
    public var location: Location { record.position.location }
    public var name: String { storage.string(record.name) }
    public var language: String { storage.nodes.language }
    public var steps: [PickleStep] { record.steps.range.map { PickleStep(storage: storage, index: $0) } }
    public var tags: [PickleTag] {
        let spans = record.tags
        var tags: [PickleTag] = []
        tags.reserveCapacity(spans.count)
        spans.forEachIndex { index in
            let tag = storage.nodes.tags[index]
            tags.append(PickleTag(name: storage.string(tag.name), astNodeId: storage.id(tag.id)))
        }
        return tags
    }
    /// The scenario's id, then the example row's id for an outline row.
    public var astNodeIds: AstNodeIds {
        let record = record
        return AstNodeIds(storage.id(record.scenarioId), row: record.rowId < 0 ? nil : storage.id(record.rowId))
    }

    var plain: PlainPickle {
        PlainPickle(
            id: id, uri: uri, location: location, name: name, language: language, steps: steps.map(\.plain), tags: tags,
            astNodeIds: astNodeIds)
    }
}

extension Pickle: Hashable, Codable {
    public static func == (lhs: Pickle, rhs: Pickle) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }

    public init(from decoder: Decoder) throws {
        let plain = try PlainPickle(from: decoder)
        let storage = PickleStorage(PickleNodes(plain))
        self.init(storage: storage, index: 0)
    }
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
public struct PickleStep: Sendable {
    let storage: PickleStorage
    let index: Int

    private var record: PickleStepRecord { storage.nodes.steps[index] }

    public var id: String { storage.id(record.id) }
    public var text: String { storage.string(record.text) }
    public var type: PickleStepType? { record.type }
    public var argument: PickleStepArgument? {
        let record = record
        let hasTable = !record.table.isEmpty
        guard hasTable || record.docString >= 0 else { return nil }
        let order = Int(record.argumentOrder)
        let docString = record.docString < 0 ? nil : storage.nodes.docStrings[Int(record.docString)]
        return PickleStepArgument(
            docString: docString.map {
                PickleDocString(
                    mediaType: storage.nodes.text.optionalString($0.mediaType), content: storage.nodes.text.string($0.content),
                    argumentIndex: order == 0 ? nil : 3 - order)
            },
            dataTable: hasTable
                ? PickleTable(
                    rows: storage.nodes.tableRows(record),
                    argumentIndex: order == 0 ? nil : order)
                : nil)
    }
    /// The step's id, then the example row's id for an outline row.
    public var astNodeIds: AstNodeIds {
        let record = record
        return AstNodeIds(storage.id(record.stepId), row: record.rowId < 0 ? nil : storage.id(record.rowId))
    }

    var plain: PlainPickle.Step {
        PlainPickle.Step(id: id, text: text, type: type, argument: argument, astNodeIds: astNodeIds)
    }
}

extension PickleStep: Hashable, Encodable {
    public static func == (lhs: PickleStep, rhs: PickleStep) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
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
