import CucumberExpressions
import Gherkin

/// A test case plan as one request line of the worker protocol: the supervisor planned it,
/// and the worker runs it as planned, without reading or parsing its feature file.
///
/// What crosses is what the plan is made of, by name: the test case's id and number, the
/// parts of its pickle a run reads (ids, place, name, tags, steps and their arguments), and
/// each planned step's hook, or its matched definitions by id with each match's groups and
/// parameter type by name. Definitions, hooks and parameter types hold closures, which only
/// the process that registered them has: the worker (the same executable) finds its own by
/// those names, and matches nothing again.
///
/// Its fields are those of every line of the protocol (`ProtocolFields`).
enum PlanLine {
    /// The request for `plan`, to a worker that was sent nothing before.
    static func encode(_ plan: TestCasePlan) -> String {
        var sent = SentSteps()
        return encode(plan, sent: &sent)
    }

    /// The request for `plan`, to a worker that was sent what `sent` holds: a step whose text
    /// (and kind) it was sent before is named by its place in that list (`r`), with its own
    /// id and argument, instead of its text and matches again (`s`). Most steps of a suite
    /// share their text with others.
    static func encode(_ plan: TestCasePlan, sent: inout SentSteps) -> String {
        var fields = FieldWriter(capacity: 512)
        let pickle = plan.pickle
        fields.number(plan.number)
        fields.text(plan.id)
        fields.text(pickle.id)
        fields.text(pickle.uri)
        fields.number(pickle.location.line)
        if let column = pickle.location.column { fields.number(column) } else { fields.nothing() }
        fields.text(pickle.name)
        fields.text(pickle.language)
        fields.number(pickle.tags.count)
        for tag in pickle.tags { fields.text(tag.name) }
        fields.number(plan.steps.count)
        for planned in plan.steps {
            switch planned.item {
            case .hook(let hook):
                fields.word("h")
                fields.text(hook.id)
            case .step(let step, let matches):
                let key = SentSteps.key(step)
                if let known = sent.index(of: key) {
                    fields.word("r")
                    fields.text(step.id)
                    fields.number(known)
                    encode(step.argument, into: &fields)
                    continue
                }
                sent.add(key)
                fields.word("s")
                fields.text(step.id)
                fields.text(step.text)
                fields.text(step.type?.rawValue ?? "")
                fields.text(matches.map(\.definition.id).joined(separator: ","))
                for match in matches {
                    fields.number(match.arguments.count)
                    for argument in match.arguments {
                        if let type = argument.parameterType {
                            fields.optional(type.name)
                        } else {
                            fields.word("-")
                        }
                        encode(argument.group, into: &fields)
                    }
                }
                encode(step.argument, into: &fields)
            }
        }
        return fields.line
    }

    private static func encode(_ group: MatchGroup, into fields: inout FieldWriter) {
        if let start = group.start { fields.number(start) } else { fields.nothing() }
        fields.optional(group.value)
        fields.number(group.children.count)
        for child in group.children { encode(child, into: &fields) }
    }

    private static func encode(_ argument: PickleStepArgument?, into fields: inout FieldWriter) {
        if let doc = argument?.docString {
            fields.word("d")
            if let media = doc.mediaType { fields.optional(media) } else { fields.nothing() }
            fields.text(doc.content)
            if let index = doc.argumentIndex { fields.number(index) } else { fields.nothing() }
        }
        if let table = argument?.dataTable {
            fields.word("t")
            if let index = table.argumentIndex { fields.number(index) } else { fields.nothing() }
            fields.number(table.rows.count)
            for row in table.rows {
                fields.number(row.cells.count)
                for cell in row.cells { fields.text(cell.value) }
            }
        }
        fields.word(".")
    }

    /// The plan a request names, with the worker's own hooks and definitions (the same
    /// executable's, so the same ids); nil when the line is not a request of this protocol.
    static func decode(_ line: String, using definitions: PlanDefinitions) -> TestCasePlan? {
        var known = KnownSteps()
        return decode(line, using: definitions, known: &known)
    }

    /// The plan a request names, its steps sent before found in `known` (the steps of the
    /// requests before it, as `SentSteps` lists them); nil when the line is not a request.
    static func decode(_ line: String, using definitions: PlanDefinitions, known: inout KnownSteps) -> TestCasePlan? {
        var line = line
        return line.withUTF8 { bytes in
            var reader = FieldReader(FieldCursor(bytes))
            return reader.plan(definitions, known: &known)
        }
    }
}

/// The steps a supervisor sent a worker with their text and matches, in the order it sent
/// them, up to `limit`: what the worker keeps (`KnownSteps`), so that a request names them by
/// their place. Both sides add a step at the same point of the same stream of requests, so
/// both lists agree.
struct SentSteps: Sendable {
    /// How many steps are kept; later ones are sent whole each time.
    static let limit = 8192
    private var places: [Key: Int] = [:]

    /// What makes two steps the same to a worker: their kind and text, scalar for scalar
    /// (their matches follow from the text; see `ExactText`).
    struct Key: Hashable, Sendable {
        let text: ExactText
        let type: PickleStepType?
    }

    static func key(_ step: PickleStep) -> Key { Key(text: ExactText(step.text), type: step.type) }

    func index(of key: Key) -> Int? { places[key] }

    mutating func add(_ key: Key) {
        if places.count < Self.limit { places[key] = places.count }
    }
}

/// The steps a worker was sent whole, in order, up to `SentSteps.limit` (see `SentSteps`).
struct KnownSteps {
    struct Step {
        let text: String
        let type: PickleStepType?
        let matches: [StepMatch]
    }
    private(set) var steps: [Step] = []

    mutating func add(_ step: Step) {
        if steps.count < SentSteps.limit { steps.append(step) }
    }
}

/// A worker's hooks, step definitions and parameter types, by the names a plan gives them.
final class PlanDefinitions: Sendable {
    let hooks: [String: Hook]
    let definitions: [String: StepDefinition]
    let parameterTypes: ParameterTypeRegistry

    init(hooks: [Hook], definitions: [StepDefinition], parameterTypes: ParameterTypeRegistry) {
        self.hooks = Dictionary(hooks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.definitions = Dictionary(definitions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.parameterTypes = parameterTypes
    }
}

/// Reads a request's fields in order.
private struct FieldReader {
    private var cursor: FieldCursor

    init(_ cursor: FieldCursor) {
        self.cursor = cursor
    }

    mutating func plan(_ definitions: PlanDefinitions, known: inout KnownSteps) -> TestCasePlan? {
        guard let number = cursor.integer(), let id = cursor.text(), let pickleId = cursor.text(),
            let uri = cursor.text(), let line = cursor.integer(), let column = cursor.optionalNumber(),
            let name = cursor.text(), let language = cursor.text(), let tagCount = cursor.integer(),
            tagCount >= 0
        else { return nil }
        var tags: [PickleTag] = []
        for _ in 0..<tagCount {
            guard let tag = cursor.text() else { return nil }
            tags.append(PickleTag(name: tag, astNodeId: ""))
        }
        guard let stepCount = cursor.integer(), stepCount >= 0 else { return nil }
        var items: [TestCasePlan.Item] = []
        items.reserveCapacity(stepCount)
        var pickleSteps: [PickleStep] = []
        for _ in 0..<stepCount {
            guard let kind = cursor.raw() else { return nil }
            if FieldCursor.equals(kind, "h") {
                guard let hookId = cursor.text(), let hook = definitions.hooks[hookId] else { return nil }
                items.append(.hook(hook))
            } else if FieldCursor.equals(kind, "s") {
                guard let stepId = cursor.text(), let stepText = cursor.text(), let type = cursor.text(),
                    let ids = cursor.text(), let matches = matches(ids, definitions), let argument = argument()
                else { return nil }
                let kind = PickleStepType(rawValue: type)
                known.add(KnownSteps.Step(text: stepText, type: kind, matches: matches))
                let step = PickleStep(id: stepId, text: stepText, type: kind, argument: argument, astNodeIds: [])
                pickleSteps.append(step)
                items.append(.step(step, matches))
            } else if FieldCursor.equals(kind, "r") {
                guard let stepId = cursor.text(), let place = cursor.integer(), known.steps.indices.contains(place),
                    let argument = argument()
                else { return nil }
                let sent = known.steps[place]
                let step = PickleStep(id: stepId, text: sent.text, type: sent.type, argument: argument, astNodeIds: [])
                pickleSteps.append(step)
                items.append(.step(step, sent.matches))
            } else {
                return nil
            }
        }
        guard cursor.atEnd else { return nil }
        let pickle = Pickle(
            id: pickleId, uri: uri, location: Location(line: line, column: column), name: name, language: language,
            steps: pickleSteps, tags: tags, astNodeIds: [])
        return TestCasePlan(id: id, number: number, pickle: pickle, items: items)
    }

    /// The matches of the definitions `ids`, each with its arguments as the supervisor found them.
    mutating func matches(_ ids: String, _ definitions: PlanDefinitions) -> [StepMatch]? {
        var found: [StepMatch] = []
        for id in ids.split(separator: ",") {
            guard let definition = definitions.definitions[String(id)], let count = cursor.integer(), count >= 0
            else {
                return nil
            }
            var arguments: [Argument] = []
            arguments.reserveCapacity(count)
            for _ in 0..<count {
                guard let type = cursor.optionalText(), let group = group() else { return nil }
                var parameterType: ParameterType?
                if let type {
                    guard let known = definitions.parameterTypes.lookup(type) else { return nil }
                    parameterType = known
                }
                arguments.append(Argument(group: group, parameterType: parameterType))
            }
            found.append(StepMatch(definition: definition, arguments: arguments))
        }
        return found
    }

    /// A match group and the groups inside it.
    mutating func group() -> MatchGroup? {
        guard let start = cursor.optionalNumber(), let value = cursor.optionalText(), let count = cursor.integer(),
            count >= 0
        else { return nil }
        var children: [MatchGroup] = []
        for _ in 0..<count {
            guard let child = group() else { return nil }
            children.append(child)
        }
        return MatchGroup(start: start, value: value, children: children)
    }

    /// A step's argument: nil (`.` alone) when it has none; nil-nil when the fields are wrong.
    mutating func argument() -> PickleStepArgument?? {
        var argument = PickleStepArgument()
        var any = false
        while let kind = cursor.raw() {
            if FieldCursor.equals(kind, ".") {
                return .some(any ? argument : nil)
            } else if FieldCursor.equals(kind, "d") {
                guard let media = cursor.raw(), let content = cursor.text(), let position = cursor.optionalNumber()
                else { return nil }
                var mediaType: String?
                if let first = media.first {
                    guard first == UInt8(ascii: "=") else { return nil }
                    mediaType = FieldCursor.unescaped(UnsafeBufferPointer(rebasing: media.dropFirst()))
                }
                argument.docString = PickleDocString(
                    mediaType: mediaType, content: content, argumentIndex: position)
            } else if FieldCursor.equals(kind, "t") {
                guard let position = cursor.optionalNumber(), let rowCount = cursor.integer(), rowCount >= 0 else {
                    return nil
                }
                var rows: [PickleTableRow] = []
                rows.reserveCapacity(rowCount)
                for _ in 0..<rowCount {
                    guard let cellCount = cursor.integer(), cellCount >= 0 else { return nil }
                    var cells: [PickleTableCell] = []
                    cells.reserveCapacity(cellCount)
                    for _ in 0..<cellCount {
                        guard let value = cursor.text() else { return nil }
                        cells.append(PickleTableCell(value: value))
                    }
                    rows.append(PickleTableRow(cells: cells))
                }
                argument.dataTable = PickleTable(rows: rows, argumentIndex: position)
            } else {
                return nil
            }
            any = true
        }
        return nil
    }
}
