import Gherkin

/// The `gherkinDocument` message by hand: the general encoder spends most of a large
/// run on these deep trees. Keys sorted, as the `Codable` encoding writes them.
extension JSONWriter {
    mutating func document(_ d: GherkinDocument) {
        raw("{")
        key("comments", first: true)
        list(d.comments) { w, comment in
            w.raw("{")
            w.key("location", first: true)
            w.location(comment.location)
            w.field("text", comment.text)
            w.raw("}")
        }
        if let feature = d.feature {
            key("feature")
            self.feature(feature)
        }
        field("uri", d.uri)
        raw("}")
    }

    private mutating func feature(_ f: Feature) {
        raw("{")
        key("children", first: true)
        list(f.children) { w, child in
            switch child {
            case .background(let background): w.wrapped("background") { $0.background(background) }
            case .scenario(let scenario): w.wrapped("scenario") { $0.scenario(scenario) }
            case .rule(let rule): w.wrapped("rule") { $0.rule(rule) }
            }
        }
        field("description", f.description)
        field("keyword", f.keyword)
        field("language", f.language)
        key("location")
        location(f.location)
        field("name", f.name)
        key("tags")
        tags(f.tags)
        raw("}")
    }

    /// `{"name":…}` around one value.
    private mutating func wrapped(_ name: StaticString, _ value: (inout JSONWriter) -> Void) {
        raw("{")
        key(name, first: true)
        value(&self)
        raw("}")
    }

    private mutating func rule(_ r: Rule) {
        raw("{")
        key("children", first: true)
        list(r.children) { w, child in
            switch child {
            case .background(let background): w.wrapped("background") { $0.background(background) }
            case .scenario(let scenario): w.wrapped("scenario") { $0.scenario(scenario) }
            }
        }
        header(description: r.description, id: r.id, keyword: r.keyword, location: r.location, name: r.name)
        key("tags")
        tags(r.tags)
        raw("}")
    }

    /// The fields every titled node shares, in sorted order: description, id, keyword,
    /// location, name.
    private mutating func header(
        description: String, id: String, keyword: String, location: Location, name: String, first: Bool = false
    ) {
        field("description", description, first: first)
        field("id", id)
        field("keyword", keyword)
        key("location")
        self.location(location)
        field("name", name)
    }

    private mutating func background(_ b: Background) {
        raw("{")
        header(
            description: b.description, id: b.id, keyword: b.keyword, location: b.location, name: b.name, first: true)
        key("steps")
        steps(b.steps)
        raw("}")
    }

    private mutating func scenario(_ s: Scenario) {
        raw("{")
        field("description", s.description, first: true)
        key("examples")
        list(s.examples) { w, examples in
            w.raw("{")
            w.header(
                description: examples.description, id: examples.id, keyword: examples.keyword,
                location: examples.location,
                name: examples.name, first: true)
            w.key("tableBody")
            w.list(examples.tableBody) { $0.row($1) }
            if let header = examples.tableHeader {
                w.key("tableHeader")
                w.row(header)
            }
            w.key("tags")
            w.tags(examples.tags)
            w.raw("}")
        }
        field("id", s.id)
        field("keyword", s.keyword)
        key("location")
        location(s.location)
        field("name", s.name)
        key("steps")
        steps(s.steps)
        key("tags")
        tags(s.tags)
        raw("}")
    }

    private mutating func steps(_ steps: [Step]) {
        list(steps) { w, step in
            w.raw("{")
            var first = true
            if let table = step.dataTable {
                w.key("dataTable", first: true)
                w.raw("{")
                w.key("location", first: true)
                w.location(table.location)
                w.key("rows")
                w.list(table.rows) { $0.row($1) }
                w.raw("}")
                first = false
            }
            if let doc = step.docString {
                w.key("docString", first: first)
                w.raw("{")
                w.field("content", doc.content, first: true)
                w.field("delimiter", doc.delimiter)
                w.key("location")
                w.location(doc.location)
                w.field("mediaType", doc.mediaType)
                w.raw("}")
                first = false
            }
            w.field("id", step.id, first: first)
            w.field("keyword", step.keyword)
            w.field("keywordType", step.keywordType?.rawValue)
            w.key("location")
            w.location(step.location)
            w.field("text", step.text)
            w.raw("}")
        }
    }

    private mutating func row(_ r: TableRow) {
        raw("{")
        key("cells", first: true)
        list(r.cells) { w, cell in
            w.raw("{")
            w.key("location", first: true)
            w.location(cell.location)
            w.field("value", cell.value)
            w.raw("}")
        }
        field("id", r.id)
        key("location")
        location(r.location)
        raw("}")
    }

    private mutating func tags(_ tags: [Tag]) {
        list(tags) { w, tag in
            w.raw("{")
            w.field("id", tag.id, first: true)
            w.key("location")
            w.location(tag.location)
            w.field("name", tag.name)
            w.raw("}")
        }
    }
}
