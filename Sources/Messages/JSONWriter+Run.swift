import Gherkin

/// `testCase` and `pickle` messages by hand; each writer writes one whole object.
extension JSONWriter {
    mutating func testCase(_ m: TestCaseMessage) {
        raw("{")
        field("id", m.id, first: true)
        field("pickleId", m.pickleId)
        field("testRunStartedId", m.testRunStartedId)
        key("testSteps")
        list(m.testSteps) { $0.testStep($1) }
        raw("}")
    }

    private mutating func testStep(_ step: TestStep) {
        raw("{")
        field("hookId", step.hookId, first: true)
        field("id", step.id, first: step.hookId == nil)
        field("pickleStepId", step.pickleStepId)
        if let ids = step.stepDefinitionIds {
            key("stepDefinitionIds")
            strings(ids)
        }
        if let lists = step.stepMatchArgumentsLists {
            key("stepMatchArgumentsLists")
            list(lists) { w, list in
                w.raw("{")
                w.key("stepMatchArguments", first: true)
                w.list(list.stepMatchArguments) { w, argument in
                    w.raw("{")
                    w.key("group", first: true)
                    w.group(argument.group)
                    w.field("parameterTypeName", argument.parameterTypeName)
                    w.raw("}")
                }
                w.raw("}")
            }
        }
        raw("}")
    }

    /// A match group; empty `children` are left out, as the `Codable` encoding does.
    mutating func group(_ g: Group) {
        raw("{")
        var first = true
        if !g.children.isEmpty {
            key("children", first: true)
            list(g.children) { $0.group($1) }
            first = false
        }
        if let start = g.start {
            key("start", first: first)
            number(start)
            first = false
        }
        field("value", g.value, first: first)
        raw("}")
    }

    mutating func pickle(_ m: Pickle) {
        raw("{")
        key("astNodeIds", first: true)
        strings(m.astNodeIds)
        field("id", m.id)
        field("language", m.language)
        key("location")
        location(m.location)
        field("name", m.name)
        key("steps")
        list(m.steps) { $0.pickleStep($1) }
        key("tags")
        list(m.tags) { w, tag in
            w.raw("{")
            w.field("astNodeId", tag.astNodeId, first: true)
            w.field("name", tag.name)
            w.raw("}")
        }
        field("uri", m.uri)
        raw("}")
    }

    private mutating func pickleStep(_ step: PickleStep) {
        raw("{")
        if let argument = step.argument {
            key("argument", first: true)
            raw("{")
            if let table = argument.dataTable {
                key("dataTable", first: true)
                raw("{")
                if let index = table.argumentIndex {
                    raw("\"argumentIndex\":")
                    number(index)
                    raw(",")
                }
                key("rows", first: true)
                list(table.rows) { w, row in
                    w.raw("{")
                    w.key("cells", first: true)
                    w.list(row.cells) { w, cell in
                        w.raw("{")
                        w.field("value", cell.value, first: true)
                        w.raw("}")
                    }
                    w.raw("}")
                }
                raw("}")
            }
            if let doc = argument.docString {
                key("docString", first: argument.dataTable == nil)
                raw("{")
                if let index = doc.argumentIndex {
                    raw("\"argumentIndex\":")
                    number(index)
                    raw(",")
                }
                field("content", doc.content, first: true)
                field("mediaType", doc.mediaType)
                raw("}")
            }
            raw("}")
        }
        key("astNodeIds", first: step.argument == nil)
        strings(step.astNodeIds)
        field("id", step.id)
        field("text", step.text)
        field("type", step.type?.rawValue)
        raw("}")
    }
}
