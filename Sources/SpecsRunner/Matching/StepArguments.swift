import CucumberExpressions

/// The values a matched step's definition is called with, and why the runner refuses a
/// step before its definition runs: a value its parameter type cannot hold (`{int}` too
/// large for `Int`), a table or doc string the definition takes and the step lacks, or one
/// the step has and the definition does not take. The runner and the language server both
/// ask here, so that the editor flags what a run refuses.
enum StepArguments {
    /// The values for `match`'s definition, its trailing table or doc string last.
    static func values(
        of match: StepMatch, dataTable: DataTable?, docString: DocString?
    ) throws(ArgumentError) -> [any Sendable] {
        var values: [any Sendable] = []
        for argument in match.arguments {
            do { values.append(try argument.value()) } catch { throw ArgumentError(message: "\(error)") }
        }
        if let problem = trailingProblem(of: match, table: dataTable != nil, docString: docString != nil) {
            throw ArgumentError(message: problem)
        }
        switch match.definition.trailing {
        case .dataTable: dataTable.map { values.append($0) }
        case .docString: docString.map { values.append($0) }
        case .none: break
        }
        return values
    }

    /// Why the runner refuses a step with (or without) a table or doc string that `match`
    /// matches, checked without running a transform but the built-in types': nil when it
    /// runs the step.
    static func problem(of match: StepMatch, table: Bool, docString: Bool) -> String? {
        for argument in match.arguments {
            guard let type = argument.parameterType, builtInTypes.contains(type.name) else { continue }
            do { _ = try argument.value() } catch { return "\(error)" }
        }
        return trailingProblem(of: match, table: table, docString: docString)
    }

    /// The built-in parameter types, whose transforms only read the text.
    private static let builtInTypes: Set<String> = Set(ParameterTypeRegistry().all.map(\.name))

    private static func trailingProblem(of match: StepMatch, table: Bool, docString: Bool) -> String? {
        let source = match.definition.expression.source
        switch match.definition.trailing {
        case .dataTable where !table:
            return "'\(source)' takes a DataTable but the step has " + (docString ? "a DocString" : "none")
        case .docString where !docString:
            return "'\(source)' takes a DocString but the step has " + (table ? "a DataTable" : "none")
        case .none where table || docString:
            let kind = table ? "DataTable" : "DocString"
            return "the step has a \(kind) but '\(source)' takes none: add a \(kind) parameter last"
        default: return nil
        }
    }
}
