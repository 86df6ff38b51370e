/// Records from plain values: how a decoded document gets its storage.
extension AstNodes {
    init(_ document: PlainAst.GherkinDocument) {
        for comment in document.comments {
            comments.append(CommentRecord(position: Position(comment.location), text: table.append(comment.text)))
        }
        if let feature = document.feature { add(feature) }
    }

    private mutating func header(_ location: Location, _ keyword: String, _ name: String, _ description: String) -> HeaderRecord {
        HeaderRecord(
            position: Position(location), keyword: table.append(keyword), name: table.append(name),
            description: table.append(description))
    }

    private mutating func add(_ tags: [PlainAst.Tag]) -> Span {
        let start = self.tags.count
        for tag in tags {
            self.tags.append(TagRecord(position: Position(tag.location), name: table.append(tag.name), id: table.id(tag.id)))
        }
        return Span(start, self.tags.count)
    }

    private mutating func add(_ rows: [PlainAst.TableRow]) -> Span {
        var records: [RowRecord] = []
        for row in rows {
            let start = cells.count
            for cell in row.cells {
                cells.append(CellRecord(position: Position(cell.location), value: table.append(cell.value)))
            }
            records.append(RowRecord(position: Position(row.location), cells: Span(start, cells.count), id: table.id(row.id)))
        }
        let start = self.rows.count
        self.rows.append(contentsOf: records)
        return Span(start, self.rows.count)
    }

    private mutating func add(_ steps: [PlainAst.Step]) -> Span {
        var records: [StepRecord] = []
        for step in steps {
            var docString: Int32 = -1
            if let doc = step.docString {
                docStrings.append(DocStringRecord(
                    position: Position(doc.location), mediaType: table.append(doc.mediaType), content: table.append(doc.content),
                    delimiter: table.append(doc.delimiter)))
                docString = Int32(docStrings.count - 1)
            }
            let rows = step.dataTable.map { add($0.rows) } ?? .empty
            records.append(StepRecord(
                position: Position(step.location), keyword: table.append(step.keyword), keywordType: step.keywordType,
                text: table.append(step.text), docString: docString, table: rows, id: table.id(step.id)))
        }
        let start = self.steps.count
        self.steps.append(contentsOf: records)
        return Span(start, self.steps.count)
    }

    private mutating func add(_ background: PlainAst.Background) -> Int32 {
        let steps = add(background.steps)
        backgrounds.append(BackgroundRecord(
            header: header(background.location, background.keyword, background.name, background.description), steps: steps,
            id: table.id(background.id)))
        return Int32(backgrounds.count - 1)
    }

    /// Adds scenarios so that they lie side by side, their children added first.
    private mutating func add(_ scenarios: [PlainAst.Scenario]) -> Span {
        var records: [ScenarioRecord] = []
        for scenario in scenarios {
            let tags = add(scenario.tags)
            let steps = add(scenario.steps)
            var examples: [ExamplesRecord] = []
            for block in scenario.examples {
                let tags = add(block.tags)
                let rows = add((block.tableHeader.map { [$0] } ?? []) + block.tableBody)
                examples.append(ExamplesRecord(
                    header: header(block.location, block.keyword, block.name, block.description), tags: tags, rows: rows,
                    id: table.id(block.id)))
            }
            let examplesStart = self.examples.count
            self.examples.append(contentsOf: examples)
            records.append(ScenarioRecord(
                header: header(scenario.location, scenario.keyword, scenario.name, scenario.description), tags: tags,
                steps: steps, examples: Span(examplesStart, self.examples.count), id: table.id(scenario.id)))
        }
        let start = self.scenarios.count
        self.scenarios.append(contentsOf: records)
        return Span(start, self.scenarios.count)
    }

    private mutating func add(_ feature: PlainAst.Feature) {
        var background: Int32 = -1
        var scenarios: [PlainAst.Scenario] = []
        var rules: [PlainAst.Rule] = []
        for child in feature.children {
            switch child {
            case .background(let plain): background = add(plain)
            case .scenario(let plain): scenarios.append(plain)
            case .rule(let plain): rules.append(plain)
            }
        }
        let scenarioSpan = add(scenarios)
        var ruleRecords: [RuleRecord] = []
        for rule in rules {
            var ruleBackground: Int32 = -1
            var ruleScenarios: [PlainAst.Scenario] = []
            for child in rule.children {
                switch child {
                case .background(let plain): ruleBackground = add(plain)
                case .scenario(let plain): ruleScenarios.append(plain)
                }
            }
            let span = add(ruleScenarios)
            ruleRecords.append(RuleRecord(
                header: header(rule.location, rule.keyword, rule.name, rule.description), tags: add(rule.tags),
                background: ruleBackground, scenarios: span, id: table.id(rule.id)))
        }
        let ruleStart = self.rules.count
        self.rules.append(contentsOf: ruleRecords)
        self.feature = FeatureRecord(
            header: header(feature.location, feature.keyword, feature.name, feature.description), tags: add(feature.tags),
            language: table.append(feature.language), background: background, scenarios: scenarioSpan,
            rules: Span(ruleStart, self.rules.count))
    }
}
