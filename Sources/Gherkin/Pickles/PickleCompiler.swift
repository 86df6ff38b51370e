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
        let context = Context(uri: uri, language: feature.language)
        var pickles: [Pickle] = []
        var backgroundSteps: [Step] = []
        for child in feature.children {
            switch child {
            case .background(let background):
                backgroundSteps += background.steps
            case .scenario(let scenario):
                compile(scenario, tags: feature.tags, background: backgroundSteps, context, &ids, into: &pickles)
            case .rule(let rule):
                var ruleBackground = backgroundSteps
                let ruleTags = feature.tags + rule.tags
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background):
                        ruleBackground += background.steps
                    case .scenario(let scenario):
                        compile(scenario, tags: ruleTags, background: ruleBackground, context, &ids, into: &pickles)
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
        _ scenario: Scenario, tags: [Tag], background: [Step], _ context: Context, _ ids: inout any IdGenerator,
        into pickles: inout [Pickle]
    ) {
        guard !scenario.examples.isEmpty else {
            pickles.append(plainPickle(scenario, tags: tags, background: background, context, &ids))
            return
        }
        let scenarioTags = pickleTags(tags, scenario.tags)
        for examples in scenario.examples {
            guard let header = examples.tableHeader else { continue }
            let placeholders = Substitution.Placeholders(header.cells.map(\.value))
            let examplesTags = scenarioTags + pickleTags(examples.tags, [])
            for row in examples.tableBody {
                let substitution = Substitution(placeholders, row: row.cells)
                let steps = pickleSteps(scenario, background: background, substitution, rowId: row.id, &ids)
                pickles.append(Pickle(
                    id: ids.newId(), uri: context.uri, location: row.location,
                    name: substitution.apply(scenario.name), language: context.language, steps: steps,
                    tags: examplesTags, astNodeIds: AstNodeIds(scenario.id, row: row.id)))
            }
        }
    }

    private func pickleTags(_ outer: [Tag], _ inner: [Tag]) -> [PickleTag] {
        var tags: [PickleTag] = []
        tags.reserveCapacity(outer.count + inner.count)
        for tag in outer { tags.append(PickleTag(name: tag.name, astNodeId: tag.id)) }
        for tag in inner { tags.append(PickleTag(name: tag.name, astNodeId: tag.id)) }
        return tags
    }

    private func plainPickle(
        _ scenario: Scenario, tags: [Tag], background: [Step], _ context: Context, _ ids: inout any IdGenerator
    ) -> Pickle {
        let steps = pickleSteps(scenario, background: background, .none, rowId: nil, &ids)
        return Pickle(
            id: ids.newId(), uri: context.uri, location: scenario.location, name: scenario.name,
            language: context.language, steps: steps, tags: pickleTags(tags, scenario.tags),
            astNodeIds: AstNodeIds(scenario.id))
    }

    /// The background's steps then the scenario's, substituted for an example row; none
    /// at all when the scenario has no steps of its own.
    private func pickleSteps(
        _ scenario: Scenario, background: [Step], _ substitution: Substitution, rowId: String?,
        _ ids: inout any IdGenerator
    ) -> [PickleStep] {
        guard !scenario.steps.isEmpty else { return [] }
        var keywordType = StepKeywordType.unknown
        var steps: [PickleStep] = []
        steps.reserveCapacity(background.count + scenario.steps.count)
        for step in background {
            steps.append(pickleStep(step, &keywordType, .none, rowId: nil, &ids))
        }
        for step in scenario.steps {
            steps.append(pickleStep(step, &keywordType, substitution, rowId: rowId, &ids))
        }
        return steps
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
            astNodeIds: AstNodeIds(step.id, row: rowId))
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
