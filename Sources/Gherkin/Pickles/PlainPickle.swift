/// A pickle as plain owned values: what pickles encode to, decode from and compare by.
struct PlainPickle: Sendable, Hashable, Codable {
    var id: String
    var uri: String
    var location: Location
    var name: String
    var language: String
    var steps: [Step]
    var tags: [PickleTag]
    var astNodeIds: AstNodeIds

    struct Step: Sendable, Hashable, Codable {
        var id: String
        var text: String
        var type: PickleStepType?
        var argument: PickleStepArgument?
        var astNodeIds: AstNodeIds
    }
}

extension PickleNodes {
    /// The records of one decoded pickle.
    init(_ pickle: PlainPickle) {
        // The tags go in a document of their own, as a compiled pickle's are its document's.
        var tagText = PickleText(base: TextTable())
        var document = AstNodes()
        for tag in pickle.tags {
            document.tags.append(TagRecord(
                position: Position(line: 0, column: nil), name: tagText.append(tag.name), id: tagText.id(tag.astNodeId)))
        }
        self.init(base: AstStorage(document), uri: pickle.uri, language: pickle.language, columns: PickleColumns())
        text = tagText
        for step in pickle.steps {
            var docString: Int32 = -1
            if let doc = step.argument?.docString {
                docStrings.append(PickleDocStringRecord(mediaType: text.append(doc.mediaType), content: text.append(doc.content)))
                docString = Int32(docStrings.count - 1)
            }
            let firstRow = rows.count
            for row in step.argument?.dataTable?.rows ?? [] {
                let firstCell = cells.count
                for cell in row.cells { cells.append(text.append(cell.value)) }
                rows.append(Span(firstCell, cells.count))
            }
            let tableIndex = step.argument?.dataTable?.argumentIndex
            let (stepId, rowId) = ids(step.astNodeIds)
            steps.append(PickleStepRecord(
                id: text.id(step.id), text: text.append(step.text), type: step.type, docString: docString,
                table: Span(firstRow, rows.count), tableInDocument: false, argumentOrder: Int8(tableIndex ?? 0), stepId: stepId,
                rowId: rowId))
        }
        let (scenarioId, rowId) = ids(pickle.astNodeIds)
        pickles.append(PickleRecord(
            id: text.id(pickle.id), position: Position(pickle.location), name: text.append(pickle.name),
            steps: Span(0, steps.count),
            tags: PickleTagSpans(feature: Span(0, pickle.tags.count), rule: .empty, scenario: .empty, examples: .empty),
            scenarioId: scenarioId, rowId: rowId))
    }

    /// The node's id and the row's (-1 for none), as indices into the ids.
    private mutating func ids(_ astNodeIds: AstNodeIds) -> (Int32, Int32) {
        let node = text.id(astNodeIds.first ?? "")
        let row = astNodeIds.count > 1 ? text.id(astNodeIds[1]) : -1
        return (node, row)
    }
}
