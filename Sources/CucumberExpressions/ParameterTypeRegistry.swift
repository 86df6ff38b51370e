import Foundation

/// The parameter types a set of expressions can use: the built-in ones and any defined.
package struct ParameterTypeRegistry: Sendable {
    /// The patterns of `{int}` and the other integer types.
    package static let integerPatterns = [#"-?\d+"#, #"\d+"#]
    /// The pattern of `{float}` and `{double}`.
    package static let floatPattern = #"(?=.*\d.*)[-+]?\d*(?:\.(?=\d.*))?\d*(?:\d+[E][+-]?\d+)?"#
    /// The pattern of `{string}`: text in double or single quotes.
    package static let stringPattern = #""([^"\\]*(\\.[^"\\]*)*)"|'([^'\\]*(\\.[^'\\]*)*)'"#

    private var types: [String: ParameterType] = [:]
    /// Types in the order they were defined, built-ins first.
    package private(set) var all: [ParameterType] = []
    /// How many of `all` are built in.
    private var builtInCount = 0

    /// A registry of the built-in types: `int`, `float`, `word`, `string`, the anonymous `{}`
    /// and the other numeric types.
    package init() {
        @Sendable func first(_ groups: [String?]) -> String { (groups.first ?? nil) ?? "" }
        func integer(_ name: String) -> ParameterType {
            ParameterType(
                name: name, regularExpressions: Self.integerPatterns, preferForRegularExpressionMatch: name == "int"
            ) {
                let text = first($0)
                guard let value = Int(text) else { throw TransformError(parameterType: name, text: text) }
                return value
            }
        }
        func float(_ name: String) -> ParameterType {
            ParameterType(name: name, regularExpressions: [Self.floatPattern], useForSnippets: name == "float") {
                let text = first($0)
                guard let value = Double(text) else { throw TransformError(parameterType: name, text: text) }
                return value
            }
        }
        for type in [
            integer("int"), float("float"),
            ParameterType(name: "word", regularExpressions: [#"[^\s]+"#], useForSnippets: false) { first($0) },
            ParameterType(name: "string", regularExpressions: [Self.stringPattern]) { groups in
                let raw = (groups.first ?? nil) ?? (groups.count > 1 ? groups[1] : nil) ?? ""
                guard raw.utf8.contains(UInt8(ascii: "\\")) else { return raw }
                return raw.replacing("\\\"", with: "\"").replacing("\\'", with: "'")
            },
            ParameterType(
                name: "", regularExpressions: [".*"], useForSnippets: false, preferForRegularExpressionMatch: true
            ) { first($0) },
            ParameterType(name: "bigdecimal", regularExpressions: [Self.floatPattern], useForSnippets: false) {
                first($0)
            },
            ParameterType(name: "biginteger", regularExpressions: Self.integerPatterns, useForSnippets: false) {
                first($0)
            },
            integer("byte"), integer("short"), integer("long"), float("double"),
        ] {
            types[type.name] = type
            all.append(type)
        }
        builtInCount = all.count
    }

    /// Adds a parameter type; a name already taken, one with reserved characters or a regular
    /// expression that does not compile is an error.
    package mutating func define(_ type: ParameterType) throws(ParameterTypeError) {
        guard ParameterType.isValidName(type.name) else {
            throw ParameterTypeError(
                message:
                    "Illegal character in parameter name {\(type.name)}. Parameter names may not contain '{', '}', '(', ')', '\\' or '/'"
            )
        }
        guard types[type.name] == nil else {
            throw ParameterTypeError(message: "There is already a parameter type with name \(type.name)")
        }
        // An empty pattern matches the empty text, as in Cucumber (NSRegularExpression refuses it).
        for pattern in type.regularExpressions
        where !pattern.isEmpty && (try? NSRegularExpression(pattern: pattern)) == nil {
            throw ParameterTypeError(
                message: "The regular expression of parameter type {\(type.name)} does not compile: /\(pattern)/")
        }
        if type.preferForRegularExpressionMatch {
            for pattern in type.regularExpressions {
                guard
                    let other = all.first(where: {
                        $0.preferForRegularExpressionMatch && $0.regularExpressions.contains(pattern)
                    })
                else { continue }
                throw ParameterTypeError(
                    message: "There can only be one preferential parameter type per regexp. The regexp '\(pattern)' "
                        + "is used for two preferential parameter types, {\(other.name)} and {\(type.name)}")
            }
        }
        types[type.name] = type
        all.append(type)
    }

    /// The type named `name`, or nil.
    package func lookup(_ name: String) -> ParameterType? { types[name] }

    /// Whether `name` is a built-in type (`int`, `string`, `{}`, ...): their patterns are
    /// known to be valid regular expressions, a defined type's are the definer's.
    package func isBuiltIn(_ name: String) -> Bool {
        all[..<builtInCount].contains { $0.name == name }
    }
}

/// A parameter type that cannot be defined (its name is taken or invalid, its regular
/// expression does not compile).
package struct ParameterTypeError: Error, Sendable, CustomStringConvertible {
    /// The problem, worded as the official implementations word it.
    package let message: String
    /// The message.
    package var description: String { message }
}
