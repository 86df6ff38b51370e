/// Compiles a `GherkinDocument` into pickles, in document order, as the official
/// compilers do: a pickle per scenario and per example row, background steps first,
/// tags inherited from the feature, the rule, the scenario and the examples.
public struct PickleCompiler: Sendable {
    /// A compiler.
    public init() {}

    /// The pickles of `document` (read from `uri`): one per scenario and one per example row,
    /// backgrounds' steps first, tags inherited, placeholders filled in, ids from `ids`.
    public func compile<Ids: IdGenerator>(_ document: GherkinDocument, uri: String, ids: inout Ids) -> [Pickle] {
        guard let feature = document.feature else { return [] }
        var compilation = PickleCompilation(uri: uri, language: feature.language, ids: ids)
        var background: [Step] = []
        for child in feature.children {
            switch child {
            case .background(let node): background = node.steps
            case .scenario(let scenario): compilation.add(scenario, tags: feature.tags, background: background)
            case .rule(let rule):
                var ruleBackground = background
                for child in rule.children {
                    switch child {
                    case .background(let node): ruleBackground += node.steps
                    case .scenario(let scenario):
                        compilation.add(scenario, tags: feature.tags + rule.tags, background: ruleBackground)
                    }
                }
            }
        }
        if let advanced = compilation.ids as? Ids { ids = advanced }
        return compilation.pickles
    }
}

/// One compilation's pickles so far.
private struct PickleCompilation {
    let uri: String
    let language: String
    /// Where ids come from (an existential: the compiler's code is not specialised per generator).
    var ids: any IdGenerator
    var pickles: [Pickle] = []

    init(uri: String, language: String, ids: any IdGenerator) {
        self.uri = uri
        self.language = language
        self.ids = ids
    }

    mutating func add(_ scenario: Scenario, tags: [Tag], background: [Step]) {
        guard !scenario.examples.isEmpty else {
            var keywordType = StepKeywordType.unknown
            let steps =
                scenario.steps.isEmpty
                ? []
                : (background + scenario.steps).map {
                    pickleStep($0, &keywordType, row: nil, Interpolation.none)
                }
            pickles.append(
                Pickle(
                    id: ids.newId(), uri: uri, location: scenario.location, name: scenario.name, language: language,
                    steps: steps,
                    tags: (tags + scenario.tags).map(PickleTag.init), astNodeIds: AstNodeIds(scenario.id)))
            return
        }
        for examples in scenario.examples {
            guard let header = examples.tableHeader else { continue }
            let pickleTags = (tags + scenario.tags + examples.tags).map(PickleTag.init)
            let placeholders = Placeholders(header.cells)
            for row in examples.tableBody {
                let interpolation = Interpolation(placeholders, values: row.cells)
                var keywordType = StepKeywordType.unknown
                var steps: [PickleStep] = []
                if !scenario.steps.isEmpty {
                    steps = background.map { pickleStep($0, &keywordType, row: nil, Interpolation.none) }
                    for step in scenario.steps {
                        steps.append(pickleStep(step, &keywordType, row: row.id, interpolation))
                    }
                }
                pickles.append(
                    Pickle(
                        id: ids.newId(), uri: uri, location: row.location, name: interpolation.apply(to: scenario.name),
                        language: language, steps: steps, tags: pickleTags,
                        astNodeIds: AstNodeIds(scenario.id, row: row.id)))
            }
        }
    }

    /// A step with the row's values in its placeholders (its text, doc string and table).
    private mutating func pickleStep(
        _ step: Step, _ keywordType: inout StepKeywordType, row: String?, _ interpolation: Interpolation
    ) -> PickleStep {
        if let type = step.keywordType, type != .conjunction { keywordType = type }
        var argument: PickleStepArgument?
        if step.docString != nil || step.dataTable != nil {
            // With both, `argumentIndex` tells their order in the source.
            var tableIndex: Int?
            var docIndex: Int?
            if let doc = step.docString, let table = step.dataTable {
                let tableFirst = doc.location.line > table.location.line
                tableIndex = tableFirst ? 1 : 2
                docIndex = tableFirst ? 2 : 1
            }
            argument = PickleStepArgument(
                docString: step.docString.map {
                    PickleDocString(
                        mediaType: $0.mediaType.map(interpolation.apply), content: interpolation.apply(to: $0.content),
                        argumentIndex: docIndex)
                },
                dataTable: step.dataTable.map { table in
                    PickleTable(
                        rows: table.rows.map { row in
                            PickleTableRow(
                                cells: row.cells.map { PickleTableCell(value: interpolation.apply(to: $0.value)) })
                        },
                        argumentIndex: tableIndex)
                })
        }
        return PickleStep(
            id: ids.newId(), text: interpolation.apply(to: step.text), type: keywordType.pickleStepType,
            argument: argument,
            astNodeIds: AstNodeIds(step.id, row: row))
    }
}

extension PickleTag {
    init(_ tag: Tag) { self.init(name: tag.name, astNodeId: tag.id) }
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
