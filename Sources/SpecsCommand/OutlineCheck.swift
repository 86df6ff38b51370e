import Gherkin
import SpecsRunner

/// Outline placeholders that name no column of the outline's examples: a misspelt
/// `<balanse>` would otherwise stay in the step as written, silently.
enum OutlineCheck {
    static func warnings(in features: [LoadedFeature]) -> [String] {
        features.flatMap { feature -> [String] in
            guard let children = feature.document?.feature?.children else { return [] }
            let scenarios = children.flatMap { child -> [Scenario] in
                switch child {
                case .scenario(let scenario): [scenario]
                case .rule(let rule): rule.children.compactMap { if case .scenario(let s) = $0 { s } else { nil } }
                case .background: []
                }
            }
            return scenarios.filter { !$0.examples.isEmpty }.flatMap { warnings(for: $0, uri: feature.source.uri) }
        }
    }

    private static func warnings(for outline: Scenario, uri: String) -> [String] {
        let columns = Set(outline.examples.flatMap { $0.tableHeader?.cells.map(\.value) ?? [] })
        var texts: [(String, Location)] = [(outline.name, outline.location)]
        for step in outline.steps {
            texts.append((step.text, step.location))
            for row in step.dataTable?.rows ?? [] { for cell in row.cells { texts.append((cell.value, cell.location)) } }
            if let doc = step.docString { texts.append((doc.content, doc.location)) }
        }
        var reported: Set<String> = []
        var warnings: [String] = []
        for (text, location) in texts {
            for name in placeholders(in: text) where !columns.contains(name) && reported.insert(name).inserted {
                let near = ArgumentParser.suggestion(for: name, among: Array(columns)).map { " Did you mean <\($0)>?" } ?? ""
                warnings.append("\(uri):\(location.line):\(location.column ?? 1): warning: <\(name)> is not a column of the examples of "
                    + "'\(outline.name)' (columns: \(columns.sorted().joined(separator: ", "))), so it stays as written.\(near)")
            }
        }
        return warnings
    }

    /// The names between `<` and `>` in a text, as the pickle compiler reads them.
    static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let name = rest[rest.index(after: open)..<close]
            if !name.isEmpty, !name.contains("<"), name.first != " ", name.last != " " { names.append(String(name)) }
            rest = rest[rest.index(after: open)...]
        }
        return names
    }
}
