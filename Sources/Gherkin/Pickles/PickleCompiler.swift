/// Compiles a `GherkinDocument` into pickles, in document order.
public struct PickleCompiler: Sendable {
    public init() {}

    public func compile<Ids: IdGenerator>(_ document: GherkinDocument, uri: String, ids: inout Ids) -> [Pickle] {
        var source: any IdGenerator = ids
        defer { if let advanced = source as? Ids { ids = advanced } }
        return compile(document, uri: uri, source: &source)
    }

    private func compile(_ document: GherkinDocument, uri: String, source ids: inout any IdGenerator) -> [Pickle] {
        guard let feature = document.feature else { return [] }
        var context = Context(uri: uri, language: feature.language)
        var pickles: [Pickle] = []
        var backgroundSteps: [Step] = []
        for child in feature.children {
            switch child {
            case .background(let background):
                backgroundSteps += background.steps
            case .scenario(let scenario):
                pickles += compile(scenario, tags: feature.tags, background: backgroundSteps, &context, &ids)
            case .rule(let rule):
                var ruleBackground = backgroundSteps
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background):
                        ruleBackground += background.steps
                    case .scenario(let scenario):
                        pickles += compile(scenario, tags: feature.tags + rule.tags, background: ruleBackground, &context, &ids)
                    }
                }
            }
        }
        return pickles
    }

    private struct Context {
        let uri: String
        let language: String
    }

    private func compile(
        _ scenario: Scenario, tags: [Tag], background: [Step], _ context: inout Context, _ ids: inout any IdGenerator
    ) -> [Pickle] {
        guard !scenario.examples.isEmpty else {
            return [plainPickle(scenario, tags: tags, background: background, context, &ids)]
        }
        var pickles: [Pickle] = []
        for examples in scenario.examples {
            guard let header = examples.tableHeader else { continue }
            let variables = header.cells.map(\.value)
            for row in examples.tableBody {
                let substitution = Substitution(names: variables, values: row.cells.map(\.value))
                var keywordType = StepKeywordType.unknown
                var steps: [PickleStep] = []
                if !scenario.steps.isEmpty {
                    for step in background {
                        steps.append(pickleStep(step, &keywordType, .none, rowId: nil, &ids))
                    }
                    for step in scenario.steps {
                        steps.append(pickleStep(step, &keywordType, substitution, rowId: row.id, &ids))
                    }
                }
                pickles.append(Pickle(
                    id: ids.newId(), uri: context.uri, location: row.location,
                    name: substitution.apply(scenario.name), language: context.language, steps: steps,
                    tags: (tags + scenario.tags + examples.tags).map { PickleTag(name: $0.name, astNodeId: $0.id) },
                    astNodeIds: [scenario.id, row.id]))
            }
        }
        return pickles
    }

    private func plainPickle(
        _ scenario: Scenario, tags: [Tag], background: [Step], _ context: Context, _ ids: inout any IdGenerator
    ) -> Pickle {
        var keywordType = StepKeywordType.unknown
        var steps: [PickleStep] = []
        if !scenario.steps.isEmpty {
            for step in background + scenario.steps {
                steps.append(pickleStep(step, &keywordType, .none, rowId: nil, &ids))
            }
        }
        return Pickle(
            id: ids.newId(), uri: context.uri, location: scenario.location, name: scenario.name,
            language: context.language, steps: steps,
            tags: (tags + scenario.tags).map { PickleTag(name: $0.name, astNodeId: $0.id) },
            astNodeIds: [scenario.id])
    }

    private func pickleStep(
        _ step: Step, _ keywordType: inout StepKeywordType, _ substitution: Substitution, rowId: String?,
        _ ids: inout any IdGenerator
    ) -> PickleStep {
        if let type = step.keywordType, type != .conjunction { keywordType = type }
        var argument: PickleStepArgument?
        if step.dataTable != nil || step.docString != nil {
            var tableIndex: Int?
            var docIndex: Int?
            if let table = step.dataTable, let doc = step.docString {
                let tableFirst = doc.location.line > table.location.line
                tableIndex = tableFirst ? 1 : 2
                docIndex = tableFirst ? 2 : 1
            }
            argument = PickleStepArgument(
                docString: step.docString.map {
                    PickleDocString(
                        mediaType: $0.mediaType.map(substitution.apply), content: substitution.apply($0.content),
                        argumentIndex: docIndex)
                },
                dataTable: step.dataTable.map { table in
                    PickleTable(
                        rows: table.rows.map { PickleTableRow(cells: $0.cells.map { PickleTableCell(value: substitution.apply($0.value)) }) },
                        argumentIndex: tableIndex)
                })
        }
        return PickleStep(
            id: ids.newId(), text: substitution.apply(step.text), type: keywordType.pickleStepType, argument: argument,
            astNodeIds: rowId.map { [step.id, $0] } ?? [step.id])
    }
}

extension StepKeywordType {
    var pickleStepType: PickleStepType {
        switch self {
        case .context: .context
        case .action: .action
        case .outcome: .outcome
        case .unknown, .conjunction: .unknown
        }
    }
}

/// Replaces `<name>` placeholders with an example row's values, in one pass.
struct Substitution {
    private let values: [Substring: String]

    init(names: [String], values: [String]) {
        var table: [Substring: String] = [:]
        // The first column of a name wins, as the reference's left-to-right replacement does.
        for (name, value) in zip(names, values) where table[name[...]] == nil { table[name[...]] = value }
        self.values = table
    }

    static let none = Substitution(names: [], values: [])

    func apply(_ text: String) -> String {
        guard !values.isEmpty else { return text }
        let utf8 = text.utf8
        guard var open = utf8.firstIndex(of: UInt8(ascii: "<")) else { return text }
        var result = ""
        var copied = utf8.startIndex
        while true {
            let afterOpen = utf8.index(after: open)
            guard let close = utf8[afterOpen...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let name = text[afterOpen..<close]
            if let value = values[name] {
                result += text[copied..<open]
                result += value
                copied = utf8.index(after: close)
                guard let next = utf8[copied...].firstIndex(of: UInt8(ascii: "<")) else { break }
                open = next
            } else {
                // Not a placeholder: look for the next '<' after this one.
                guard let next = utf8[afterOpen...].firstIndex(of: UInt8(ascii: "<")) else { break }
                open = next
            }
        }
        if copied == utf8.startIndex { return text }
        result += text[copied...]
        return result
    }
}
