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
                for match in matches {
                    fields.append(String(match.arguments.count))
                    for argument in match.arguments {
                        fields.append(argument.parameterType.map { "=" + $0.name } ?? "-")
                        encode(argument.group, into: &fields)
                    }
                }
                encode(step.argument, into: &fields)
            }
        }
        return fields.map(escaped).joined(separator: "\u{1F}")
    }

    private static func encode(_ group: MatchGroup, into fields: inout [String]) {
        fields += [
            group.start.map(String.init) ?? "", group.value.map { "=" + $0 } ?? "-", String(group.children.count),
        ]
        for child in group.children { encode(child, into: &fields) }
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
    static func decode(_ line: String, using definitions: PlanDefinitions) -> TestCasePlan? {
        var reader = FieldReader(line)
        return reader.plan(definitions)
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

/// A worker's hooks, step definitions and parameter types, by the names a plan gives them.
struct PlanDefinitions: Sendable {
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

    mutating func plan(_ definitions: PlanDefinitions) -> TestCasePlan? {
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
                    let matches = matches(ids, definitions), let argument = argument()
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

    /// The matches of the definitions `ids`, each with its arguments as the supervisor found them.
    mutating func matches(_ ids: Substring, _ definitions: PlanDefinitions) -> [StepMatch]? {
        var found: [StepMatch] = []
        for id in ids.split(separator: ",") {
            guard let definition = definitions.definitions[String(id)], let count = integer(), count >= 0 else {
                return nil
            }
            var arguments: [Argument] = []
            for _ in 0..<count {
                guard let type = raw(), let group = group() else { return nil }
                var parameterType: ParameterType?
                if type.first == "=" {
                    guard let known = definitions.parameterTypes.lookup(String(type.dropFirst())) else { return nil }
                    parameterType = known
                } else if type != "-" {
                    return nil
                }
                arguments.append(Argument(group: group, parameterType: parameterType))
            }
            found.append(StepMatch(definition: definition, arguments: arguments))
        }
        return found
    }

    /// A match group and the groups inside it.
    mutating func group() -> MatchGroup? {
        guard let start = optionalNumber(), let value = raw(), let count = integer(), count >= 0 else { return nil }
        var children: [MatchGroup] = []
        for _ in 0..<count {
            guard let child = group() else { return nil }
            children.append(child)
        }
        let text: String?
        if value.first == "=" {
            text = PlanLine.unescaped(value.dropFirst())
        } else if value == "-" {
            text = nil
        } else {
            return nil
        }
        return MatchGroup(start: start, value: text, children: children)
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
