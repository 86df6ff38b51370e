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
                    tags: examplesTags, astNodeIds: [scenario.id, row.id]))
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
            astNodeIds: [scenario.id])
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

/// Replaces `<name>` placeholders with an example row's values, in one pass over
/// the text's bytes.
struct Substitution {
    /// An examples header: the names its placeholders use, and the column of each.
    /// The first column of a name wins, as the reference's left-to-right replacement does.
    struct Placeholders {
        fileprivate let names: [[UInt8]]
        fileprivate let columns: [Int]

        init(_ header: [String]) {
            var names: [[UInt8]] = [], columns: [Int] = []
            for (column, name) in header.enumerated() {
                let bytes = Array(name.utf8)
                guard !names.contains(bytes) else { continue }
                names.append(bytes)
                columns.append(column)
            }
            self.names = names
            self.columns = columns
        }
    }

    private let names: [[UInt8]]
    private let values: [String]

    init(_ placeholders: Placeholders, row: [TableCell]) {
        names = placeholders.names
        values = placeholders.columns.map { $0 < row.count ? row[$0].value : "" }
    }

    private init() {
        names = []
        values = []
    }

    static let none = Substitution()

    func apply(_ text: String) -> String {
        guard !names.isEmpty else { return text }
        var text = text
        return text.withUTF8 { apply(to: $0) } ?? text
    }

    /// The substituted text, or nil when nothing was replaced. One pass measures it,
    /// a second writes it straight into the string's storage.
    private func apply(to bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var length = bytes.count
        var replaced = false
        forEachPlaceholder(in: bytes) { start, end, value in
            length += values[value].utf8.count - (end - start)
            replaced = true
        }
        guard replaced else { return nil }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var written = 0
            func copy(_ piece: UnsafeBufferPointer<UInt8>) {
                _ = UnsafeMutableBufferPointer(rebasing: buffer[written..<written + piece.count]).initialize(from: piece)
                written += piece.count
            }
            var copied = 0
            forEachPlaceholder(in: bytes) { start, end, value in
                copy(UnsafeBufferPointer(rebasing: bytes[copied..<start]))
                var value = values[value]
                value.withUTF8 { copy($0) }
                copied = end
            }
            copy(UnsafeBufferPointer(rebasing: bytes[copied...]))
            return written
        }
    }

    /// Calls `body` with the start of each `<name>` that names a placeholder, the end
    /// past its `>`, and the index of its value, left to right.
    private func forEachPlaceholder(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Int, Int) -> Void) {
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            var close = index + 1
            while close < count && bytes[close] != UInt8(ascii: ">") { close += 1 }
            guard close < count else { return }
            if let value = value(named: UnsafeBufferPointer(rebasing: bytes[index + 1..<close])) {
                body(index, close + 1, value)
                index = close + 1
            } else {
                // Not a placeholder: look for the next '<' after this one.
                index += 1
            }
        }
    }

    private func value(named name: UnsafeBufferPointer<UInt8>) -> Int? {
        for (index, candidate) in names.enumerated() where candidate.count == name.count {
            if candidate.withUnsafeBufferPointer({ $0.elementsEqual(name) }) { return index }
        }
        return nil
    }
}
