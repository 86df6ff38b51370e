import Gherkin

/// The `gherkinDocument` envelope by hand: the general encoder spends most of a large
/// run on these deep trees. Keys sorted, as the `Codable` encoding writes them.
extension JSONWriter {
    mutating func document(_ d: GherkinDocument) {
        raw("{\"gherkinDocument\":{\"comments\":[")
        for (index, comment) in d.comments.enumerated() {
            if index > 0 { raw(",") }
            raw("{\"location\":")
            location(comment.location)
            raw(",\"text\":")
            string(comment.text)
            raw("}")
        }
        raw("]")
        if let feature = d.feature {
            raw(",\"feature\":")
            self.feature(feature)
        }
        if let uri = d.uri {
            raw(",\"uri\":")
            string(uri)
        }
        raw("}}")
    }

    private mutating func feature(_ f: Feature) {
        raw("{\"children\":[")
        for (index, child) in f.children.enumerated() {
            if index > 0 { raw(",") }
            switch child {
            case .background(let background): raw("{\"background\":"); self.background(background); raw("}")
            case .scenario(let scenario): raw("{\"scenario\":"); self.scenario(scenario); raw("}")
            case .rule(let rule): raw("{\"rule\":"); self.rule(rule); raw("}")
            }
        }
        raw("],\"description\":")
        string(f.description)
        raw(",\"keyword\":")
        string(f.keyword)
        raw(",\"language\":")
        string(f.language)
        raw(",\"location\":")
        location(f.location)
        raw(",\"name\":")
        string(f.name)
        raw(",\"tags\":")
        tags(f.tags)
        raw("}")
    }

    private mutating func rule(_ r: Rule) {
        raw("{\"children\":[")
        for (index, child) in r.children.enumerated() {
            if index > 0 { raw(",") }
            switch child {
            case .background(let background): raw("{\"background\":"); self.background(background); raw("}")
            case .scenario(let scenario): raw("{\"scenario\":"); self.scenario(scenario); raw("}")
            }
        }
        raw("],\"description\":")
        string(r.description)
        raw(",\"id\":")
        string(r.id)
        raw(",\"keyword\":")
        string(r.keyword)
        raw(",\"location\":")
        location(r.location)
        raw(",\"name\":")
        string(r.name)
        raw(",\"tags\":")
        tags(r.tags)
        raw("}")
    }

    private mutating func background(_ b: Background) {
        raw("{\"description\":")
        string(b.description)
        raw(",\"id\":")
        string(b.id)
        raw(",\"keyword\":")
        string(b.keyword)
        raw(",\"location\":")
        location(b.location)
        raw(",\"name\":")
        string(b.name)
        raw(",\"steps\":")
        steps(b.steps)
        raw("}")
    }

    private mutating func scenario(_ s: Scenario) {
        raw("{\"description\":")
        string(s.description)
        raw(",\"examples\":[")
        for (index, examples) in s.examples.enumerated() {
            if index > 0 { raw(",") }
            raw("{\"description\":")
            string(examples.description)
            raw(",\"id\":")
            string(examples.id)
            raw(",\"keyword\":")
            string(examples.keyword)
            raw(",\"location\":")
            location(examples.location)
            raw(",\"name\":")
            string(examples.name)
            raw(",\"tableBody\":")
            rows(examples.tableBody)
            if let header = examples.tableHeader {
                raw(",\"tableHeader\":")
                row(header)
            }
            raw(",\"tags\":")
            tags(examples.tags)
            raw("}")
        }
        raw("],\"id\":")
        string(s.id)
        raw(",\"keyword\":")
        string(s.keyword)
        raw(",\"location\":")
        location(s.location)
        raw(",\"name\":")
        string(s.name)
        raw(",\"steps\":")
        steps(s.steps)
        raw(",\"tags\":")
        tags(s.tags)
        raw("}")
    }

    private mutating func steps(_ steps: [Step]) {
        raw("[")
        for (index, step) in steps.enumerated() {
            if index > 0 { raw(",") }
            raw("{")
            if let table = step.dataTable {
                raw("\"dataTable\":{\"location\":")
                location(table.location)
                raw(",\"rows\":")
                rows(table.rows)
                raw("},")
            }
            if let doc = step.docString {
                raw("\"docString\":{\"content\":")
                string(doc.content)
                raw(",\"delimiter\":")
                string(doc.delimiter)
                raw(",\"location\":")
                location(doc.location)
                if let media = doc.mediaType {
                    raw(",\"mediaType\":")
                    string(media)
                }
                raw("},")
            }
            raw("\"id\":")
            string(step.id)
            raw(",\"keyword\":")
            string(step.keyword)
            if let type = step.keywordType { raw(",\"keywordType\":\"\(type.rawValue)\"") }
            raw(",\"location\":")
            location(step.location)
            raw(",\"text\":")
            string(step.text)
            raw("}")
        }
        raw("]")
    }

    private mutating func rows(_ rows: [TableRow]) {
        raw("[")
        for (index, row) in rows.enumerated() {
            if index > 0 { raw(",") }
            self.row(row)
        }
        raw("]")
    }

    private mutating func row(_ r: TableRow) {
        raw("{\"cells\":[")
        for (index, cell) in r.cells.enumerated() {
            if index > 0 { raw(",") }
            raw("{\"location\":")
            location(cell.location)
            raw(",\"value\":")
            string(cell.value)
            raw("}")
        }
        raw("],\"id\":")
        string(r.id)
        raw(",\"location\":")
        location(r.location)
        raw("}")
    }

    private mutating func tags(_ tags: [Tag]) {
        raw("[")
        for (index, tag) in tags.enumerated() {
            if index > 0 { raw(",") }
            raw("{\"id\":")
            string(tag.id)
            raw(",\"location\":")
            location(tag.location)
            raw(",\"name\":")
            string(tag.name)
            raw("}")
        }
        raw("]")
    }
}
