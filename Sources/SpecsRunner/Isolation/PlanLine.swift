import Gherkin

/// A test case plan as one request line of the worker protocol: the supervisor planned it,
/// and the worker runs it as planned, without reading or parsing its feature file.
///
/// What crosses is what the plan is made of, by name: the test case's id and number, the
/// parts of its pickle a run reads (ids, place, name, tags, steps and their arguments), and
/// each planned step's hook or matched definitions by id. The matches themselves cannot
/// cross: a match's arguments are turned into values by its parameter types' closures, which
/// only the process that registered them holds. So the worker applies the definitions the
/// supervisor named, those alone, to the step's text again, for their arguments.
///
/// Fields are separated by U+001F; in a field, `\` is written `\\`, a line feed `\n` and
/// U+001F `\u`, so that a request stays a line.
enum PlanLine {
    static let separator: UInt8 = 0x1F

    /// The request for `plan`.
    static func encode(_ plan: TestCasePlan) -> String {
        var fields: [String] = []
        let pickle = plan.pickle
        fields += [
            String(plan.number), plan.id, pickle.id, pickle.uri, String(pickle.location.line),
            pickle.location.column.map(String.init) ?? "", pickle.name, pickle.language, String(pickle.tags.count),
        ]
        fields += pickle.tags.map(\.name)
        fields.append(String(plan.steps.count))
        for planned in plan.steps {
            switch planned.item {
            case .hook(let hook):
                fields += ["h", hook.id]
            case .step(let step, let matches):
                fields += ["s", step.id, step.text, step.type?.rawValue ?? ""]
                fields.append(matches.map(\.definition.id).joined(separator: ","))
                encode(step.argument, into: &fields)
            }
        }
        return fields.map(escaped).joined(separator: "\u{1F}")
    }

    private static func encode(_ argument: PickleStepArgument?, into fields: inout [String]) {
        if let doc = argument?.docString {
            fields += [
                "d", doc.mediaType.map { "=" + $0 } ?? "", doc.content, doc.argumentIndex.map(String.init) ?? "",
            ]
        }
        if let table = argument?.dataTable {
            fields += ["t", table.argumentIndex.map(String.init) ?? "", String(table.rows.count)]
            for row in table.rows {
                fields.append(String(row.cells.count))
                fields += row.cells.map(\.value)
            }
        }
        fields.append(".")
    }

    /// The plan a request names, with the worker's own hooks and definitions (the same
    /// executable's, so the same ids); nil when the line is not a request of this protocol.
    static func decode(_ line: String, using definitions: inout PlanDefinitions) -> TestCasePlan? {
        var reader = FieldReader(line)
        return reader.plan(&definitions)
    }

    private static func escaped(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x5C || $0 == 0x0A || $0 == separator }) else { return field }
        var out = ""
        out.reserveCapacity(field.utf8.count + 8)
        for character in field.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\u{1F}": out += "\\u"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    fileprivate static func unescaped(_ field: Substring) -> String {
        guard field.utf8.contains(0x5C) else { return String(field) }
        var out = ""
        var escaping = false
        for character in field.unicodeScalars {
            if escaping {
                switch character {
                case "n": out += "\n"
                case "u": out += "\u{1F}"
                default: out.unicodeScalars.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(character)
            }
        }
        return out
    }
}

/// A worker's hooks and step definitions by id, and the matches it made again (many steps
/// share their text), for rebuilding the plans it is sent.
struct PlanDefinitions: Sendable {
    let hooks: [String: Hook]
    let definitions: [String: StepDefinition]
    private var matches: [String: [StepMatch]] = [:]

    init(hooks: [Hook], definitions: [StepDefinition]) {
        self.hooks = Dictionary(hooks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.definitions = Dictionary(definitions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The matches of the definitions `ids` (as the supervisor's plan names them) for `text`;
    /// nil when one of them is unknown or no longer matches.
    mutating func matches(_ ids: Substring, for text: String) -> [StepMatch]? {
        let key = ids + "\u{1F}" + text
        if let known = matches[key] { return known }
        var found: [StepMatch] = []
        for id in ids.split(separator: ",") {
            guard let definition = definitions[String(id)], let arguments = definition.expression.match(text) else {
                return nil
            }
            found.append(StepMatch(definition: definition, arguments: arguments))
        }
        // Bounded, so that a long run of distinct texts does not grow it without end.
        if matches.count >= 512 { matches.removeAll(keepingCapacity: true) }
        matches[key] = found
        return found
    }
}

/// Reads a request's fields in order.
private struct FieldReader {
    private let fields: [Substring]
    private var index = 0

    init(_ line: String) {
        // Split by bytes: a Character-wise split costs several times more, and U+001F is one byte.
        fields = line.utf8.split(separator: PlanLine.separator, omittingEmptySubsequences: false).map { Substring($0) }
    }

    mutating func raw() -> Substring? {
        guard index < fields.count else { return nil }
        defer { index += 1 }
        return fields[index]
    }

    mutating func text() -> String? { raw().map(PlanLine.unescaped) }

    mutating func integer() -> Int? { raw().flatMap { Int($0) } }

    mutating func optionalNumber() -> Int?? {
        guard let field = raw() else { return nil }
        if field.isEmpty { return .some(nil) }
        return Int(field).map { .some($0) }
    }

    mutating func plan(_ definitions: inout PlanDefinitions) -> TestCasePlan? {
        guard let number = integer(), let id = text(), let pickleId = text(), let uri = text(), let line = integer(),
            let column = optionalNumber(), let name = text(), let language = text(), let tagCount = integer(),
            tagCount >= 0
        else { return nil }
        var tags: [PickleTag] = []
        for _ in 0..<tagCount {
            guard let tag = text() else { return nil }
            tags.append(PickleTag(name: tag, astNodeId: ""))
        }
        guard let stepCount = integer(), stepCount >= 0 else { return nil }
        var items: [TestCasePlan.Item] = []
        var pickleSteps: [PickleStep] = []
        for _ in 0..<stepCount {
            switch raw() {
            case "h"?:
                guard let hookId = text(), let hook = definitions.hooks[hookId] else { return nil }
                items.append(.hook(hook))
            case "s"?:
                guard let stepId = text(), let stepText = text(), let type = raw(), let ids = raw(),
                    let matches = definitions.matches(ids, for: stepText), let argument = argument()
                else { return nil }
                let step = PickleStep(
                    id: stepId, text: stepText, type: PickleStepType(rawValue: String(type)), argument: argument,
                    astNodeIds: [])
                pickleSteps.append(step)
                items.append(.step(step, matches))
            default:
                return nil
            }
        }
        guard index == fields.count else { return nil }
        let pickle = Pickle(
            id: pickleId, uri: uri, location: Location(line: line, column: column), name: name, language: language,
            steps: pickleSteps, tags: tags, astNodeIds: [])
        return TestCasePlan(id: id, number: number, pickle: pickle, items: items)
    }

    /// A step's argument: nil (`.` alone) when it has none; nil-nil when the fields are wrong.
    mutating func argument() -> PickleStepArgument?? {
        var argument = PickleStepArgument()
        var any = false
        while let kind = raw() {
            switch kind {
            case ".":
                return .some(any ? argument : nil)
            case "d":
                guard let media = text(), let content = text(), let position = optionalNumber() else { return nil }
                argument.docString = PickleDocString(
                    mediaType: media.isEmpty ? nil : String(media.dropFirst()), content: content,
                    argumentIndex: position)
            case "t":
                guard let position = optionalNumber(), let rowCount = integer(), rowCount >= 0 else { return nil }
                var rows: [PickleTableRow] = []
                for _ in 0..<rowCount {
                    guard let cellCount = integer(), cellCount >= 0 else { return nil }
                    var cells: [PickleTableCell] = []
                    for _ in 0..<cellCount {
                        guard let value = text() else { return nil }
                        cells.append(PickleTableCell(value: value))
                    }
                    rows.append(PickleTableRow(cells: cells))
                }
                argument.dataTable = PickleTable(rows: rows, argumentIndex: position)
            default:
                return nil
            }
            any = true
        }
        return nil
    }
}
