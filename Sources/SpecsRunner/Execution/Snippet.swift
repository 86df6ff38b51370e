import CucumberExpressions
import Foundation
import Gherkin

/// Ready-to-paste Swift for an undefined step: the text turned into a Cucumber
/// Expression (`{int}`, `{float}`, `{string}` where the text has them) and a closure
/// with typed parameters that throws `Pending()`.
enum Snippet {
    /// `types`: the custom parameter types registered with `useForSnippets`, tried first.
    static func swift(for step: PickleStep, types: [ParameterType] = []) -> String {
        swift(
            text: step.text, type: step.type, table: step.argument?.dataTable != nil,
            docString: step.argument?.docString != nil, types: types)
    }

    /// The same for a step's parts: its text, kind, and whether it has a table or a doc string.
    static func swift(
        text: String, type: PickleStepType?, table: Bool, docString: Bool, types: [ParameterType] = []
    ) -> String {
        let (expression, parameters) = Self.expression(for: text, types: types)
        var declared = parameters.enumerated().map { index, type in
            // A name that ends in a digit takes `_` before its number: `{v1}` first and `{v}`
            // eleventh are `v1_1` and `v11`, never both `v11`.
            let name = identifier(type.name)
            let separator = name.last?.isNumber == true ? "_" : ""
            return "\(name)\(separator)\(index + 1): \(type.swift)"
        }
        if table { declared.append("table: DataTable") }
        if docString { declared.append("docString: DocString") }
        let method: String
        switch type {
        case .context: method = "given"
        case .action: method = "when"
        case .outcome: method = "then"
        default: method = "step"
        }
        let signature = declared.isEmpty ? "world" : "(world, " + declared.joined(separator: ", ") + ")"
        return """
            steps.\(method)("\(swiftEscaped(expression))") { \(signature) in
                throw Pending()
            }
            """
    }

    /// A parameter type's name as the start of a closure parameter's name: the words of
    /// `e-mail` or `date time` joined as `eMail`, `dateTime`; `_` before a digit (`_1st`);
    /// `value` when nothing of it can be part of a Swift name.
    static func identifier(_ name: String) -> String {
        var result = ""
        var newWord = false
        for scalar in name.unicodeScalars {
            guard scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal else {
                newWord = !result.isEmpty
                continue
            }
            if newWord {
                result += String(scalar).uppercased()
                newWord = false
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        if result.isEmpty { return "value" }
        return result.unicodeScalars.first?.properties.numericType == .decimal ? "_" + result : result
    }

    /// A custom type's values as a snippet's closure names them: the type's name with the
    /// types it is nested in (`TeamWorld.Sku`), without its module; its plain name when it is
    /// declared inside a function.
    static func swiftName(of type: Any.Type) -> String {
        let qualified = String(reflecting: type)
        guard !qualified.contains("(unknown context") else { return String(describing: type) }
        var parts = qualified.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2, !parts[0].contains("<") { parts.removeFirst() }
        return parts.joined(separator: ".").replacing("Swift.", with: "")
    }

    /// `text` as the body of a Swift string literal: quotes and backslashes escaped, control
    /// characters written as `\t`, `\n`, `\r` or `\u{…}`.
    static func swiftEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// The parameter types a snippet uses.
enum ParameterKindName {
    case int, float, string
    case custom(name: String, swift: String)

    var name: String {
        switch self {
        case .int: "int"
        case .float: "float"
        case .string: "string"
        case .custom(let name, _): name
        }
    }

    /// Whether it is a custom parameter type.
    var isCustom: Bool {
        if case .custom = self { return true }
        return false
    }

    var swift: String {
        switch self {
        case .int: "Int"
        case .float: "Double"
        case .string: "String"
        case .custom(_, let swift): swift
        }
    }
}
