/// What a parsed document says, place aside: each heading's keyword, name and description,
/// each step's keyword, keyword type and text, tags, comments (whitespace at their ends is
/// layout), table rows' cells, doc strings' delimiter, media type and content, and the
/// pickles compiled from it. Two documents mean the same when these agree, entry by entry
/// in the order of their lines.
package struct DocumentMeaning {
    /// One thing a line says, and where it is written.
    package struct Entry: Sendable {
        /// Where the thing is written.
        package let location: Location
        /// What it says, without its place.
        package let meaning: String
    }

    /// The document's entries, in the order of their lines.
    package let entries: [Entry]
    /// The pickles compiled from the document, their places and uri aside.
    package let pickles: [Pickle]

    /// The meaning of `document`, whose pickles are compiled with fresh ids.
    package init(_ document: GherkinDocument) {
        var collector = Collector()
        for comment in document.comments {
            var text = comment.text.unicodeScalars[...]
            while let last = text.last, last.isGherkinWhitespace { text.removeLast() }
            collector.add(comment.location, "comment", String(text))
        }
        if let feature = document.feature { collector.feature(feature) }
        entries = collector.entries.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.location.line, lhs.element.location.column ?? 0, lhs.offset)
            let right = (rhs.element.location.line, rhs.element.location.column ?? 0, rhs.offset)
            return left < right
        }.map(\.element)
        var ids = IncrementingIdGenerator()
        var stripped = document
        stripped.uri = nil
        pickles = PickleCompiler().compile(stripped, uri: "", ids: &ids).map { pickle in
            var pickle = pickle
            pickle.location = Location(line: 0)
            return pickle
        }
    }

    /// Where `changed` first says something else than this meaning: the place, in this
    /// document, of the first entry that differs (or of the first pickle that differs); nil
    /// when both say the same.
    package func firstChange(in changed: DocumentMeaning) -> Location? {
        for (index, entry) in entries.enumerated() {
            guard index < changed.entries.count, changed.entries[index].meaning == entry.meaning else {
                return entry.location
            }
        }
        if changed.entries.count > entries.count {
            return entries.last?.location ?? Location(line: 1, column: 1)
        }
        for (index, pickle) in pickles.enumerated() {
            guard index < changed.pickles.count, changed.pickles[index] == pickle else {
                return entries.first?.location ?? Location(line: 1, column: 1)
            }
        }
        if changed.pickles.count != pickles.count { return entries.last?.location ?? Location(line: 1, column: 1) }
        return nil
    }

    /// Gathers the entries of a feature, walking it in document order.
    private struct Collector {
        var entries: [Entry] = []

        mutating func add(_ location: Location, _ kind: String, _ fields: String...) {
            // A separator no parsed text holds: fields cannot run into each other.
            entries.append(Entry(location: location, meaning: ([kind] + fields).joined(separator: "\u{0}")))
        }

        mutating func heading(
            _ kind: String, keyword: String, name: String, description: String, tags: [Tag], at location: Location
        ) {
            for tag in tags { add(tag.location, "tag", tag.name) }
            add(location, kind, keyword, name)
            if !description.isEmpty { add(location, "description", description) }
        }

        mutating func feature(_ feature: Feature) {
            heading(
                "feature\u{0}\(feature.language)", keyword: feature.keyword, name: feature.name,
                description: feature.description, tags: feature.tags, at: feature.location)
            for child in feature.children {
                switch child {
                case .background(let background): self.background(background)
                case .scenario(let scenario): self.scenario(scenario)
                case .rule(let rule):
                    heading(
                        "rule", keyword: rule.keyword, name: rule.name, description: rule.description, tags: rule.tags,
                        at: rule.location)
                    for child in rule.children {
                        switch child {
                        case .background(let background): self.background(background)
                        case .scenario(let scenario): self.scenario(scenario)
                        }
                    }
                }
            }
        }

        mutating func background(_ background: Background) {
            heading(
                "background", keyword: background.keyword, name: background.name,
                description: background.description, tags: [], at: background.location)
            for step in background.steps { self.step(step) }
        }

        mutating func scenario(_ scenario: Scenario) {
            heading(
                "scenario", keyword: scenario.keyword, name: scenario.name, description: scenario.description,
                tags: scenario.tags, at: scenario.location)
            for step in scenario.steps { self.step(step) }
            for examples in scenario.examples {
                heading(
                    "examples", keyword: examples.keyword, name: examples.name, description: examples.description,
                    tags: examples.tags, at: examples.location)
                if let header = examples.tableHeader { row(header) }
                for body in examples.tableBody { row(body) }
            }
        }

        mutating func step(_ step: Step) {
            add(step.location, "step", step.keyword, step.keywordType?.rawValue ?? "", step.text)
            if let table = step.dataTable { for tableRow in table.rows { row(tableRow) } }
            if let doc = step.docString {
                add(doc.location, "docString", doc.delimiter, doc.mediaType ?? "", doc.content)
            }
        }

        mutating func row(_ row: TableRow) {
            add(row.location, "row", String(row.cells.count), row.cells.map(\.value).joined(separator: "\u{0}"))
        }
    }
}
