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
        let (expression, parameters) = expression(for: text, types: types)
        var declared = parameters.enumerated().map { index, type in "\(type.name)\(index + 1): \(type.swift)" }
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

    /// The step text as an expression: text a custom parameter type matches becomes that
    /// type, then quoted text, decimals and integers become parameters.
    static func expression(for text: String, types: [ParameterType]) -> (String, [ParameterKindName]) {
        // The first match of any custom type's patterns, earliest and then longest first.
        var best: (range: Range<String.Index>, type: ParameterType)?
        for type in types {
            for pattern in type.regularExpressions {
                guard let regex = try? NSRegularExpression(pattern: pattern),
                    let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                    match.range.length > 0, let range = Range(match.range, in: text)
                else { continue }
                if let current = best,
                    current.range.lowerBound < range.lowerBound
                        || (current.range.lowerBound == range.lowerBound
                            && current.range.upperBound >= range.upperBound)
                {
                    continue
                }
                best = (range, type)
            }
        }
        guard let best else { return expression(for: text) }
        let (head, headParameters) = expression(for: String(text[..<best.range.lowerBound]))
        let (tail, tailParameters) = expression(for: String(text[best.range.upperBound...]), types: types)
        let custom = ParameterKindName.custom(name: best.type.name, swift: String(describing: best.type.valueType()))
        return (head + "{\(best.type.name)}" + tail, headParameters + [custom] + tailParameters)
    }

    /// The step text as an expression: quoted text, decimals and integers become parameters.
    static func expression(for text: String) -> (String, [ParameterKindName]) {
        var result = ""
        var parameters: [ParameterKindName] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func isDigit(_ i: Int) -> Bool { i < scalars.count && ("0"..."9").contains(scalars[i]) }
        while index < scalars.count {
            let scalar = scalars[index]
            let atWordStart = index == 0 || scalars[index - 1] == " "
            if scalar == "\"" || scalar == "'", let close = closingQuote(scalars, from: index) {
                result += "{string}"
                parameters.append(.string)
                index = close + 1
                continue
            }
            if atWordStart, isDigit(index) || (scalar == "-" && isDigit(index + 1)) {
                var end = index + 1
                while isDigit(end) { end += 1 }
                var isFloat = false
                if end < scalars.count, scalars[end] == ".", isDigit(end + 1) {
                    isFloat = true
                    end += 1
                    while isDigit(end) { end += 1 }
                }
                if end == scalars.count || scalars[end] == " " {
                    result += isFloat ? "{float}" : "{int}"
                    parameters.append(isFloat ? .float : .int)
                    index = end
                    continue
                }
            }
            if "(){}/\\".unicodeScalars.contains(scalar) { result += "\\" }
            result.unicodeScalars.append(scalar)
            index += 1
        }
        return (result, parameters)
    }

    /// Where the quote at `open` closes as `{string}` reads it: a backslash escapes the next
    /// character, so `"\""` is one quoted text.
    private static func closingQuote(_ scalars: [Unicode.Scalar], from open: Int) -> Int? {
        var index = open + 1
        while index < scalars.count {
            if scalars[index] == "\\" {
                index += 2
            } else if scalars[index] == scalars[open] {
                return index
            } else {
                index += 1
            }
        }
        return nil
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

    var swift: String {
        switch self {
        case .int: "Int"
        case .float: "Double"
        case .string: "String"
        case .custom(_, let swift): swift
        }
    }
}
