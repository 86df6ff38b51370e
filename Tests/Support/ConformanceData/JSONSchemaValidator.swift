import Foundation

/// Validates JSON values against the Cucumber Messages JSON Schemas: the keywords
/// they use (`$ref` to files and `#/definitions`, `type`, `properties`, `required`,
/// `additionalProperties`, `items`, `enum`, `minimum`, `maximum`, `minItems`).
public struct JSONSchemaValidator {
    private var schemas: [String: JSONValue] = [:]

    /// Loads every `*.schema.json` of a directory.
    public init(directory: URL) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
        where name.hasSuffix(".schema.json") {
            schemas[name] = try JSONValue(
                parsing: String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
        }
    }

    /// The problems of `value` against the schema in `file` (empty when valid).
    public func validate(_ value: JSONValue, file: String) -> [String] {
        guard let schema = schemas[file] else { return ["no schema \(file)"] }
        var problems: [String] = []
        check(value, schema, file: file, path: "$", &problems)
        return problems
    }

    private func resolve(_ reference: String, from file: String) -> (JSONValue, String)? {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target = parts[0].isEmpty ? file : String(parts[0].dropFirst(parts[0].hasPrefix("./") ? 2 : 0))
        guard var schema = schemas[target] else { return nil }
        if parts.count > 1 {
            for component in parts[1].split(separator: "/") {
                guard let next = schema[String(component)] else { return nil }
                schema = next
            }
        }
        return (schema, target)
    }

    private func check(_ value: JSONValue, _ schema: JSONValue, file: String, path: String, _ problems: inout [String])
    {
        if let reference = schema["$ref"]?.stringValue {
            guard let (target, targetFile) = resolve(reference, from: file) else {
                problems.append("\(path): unresolved $ref \(reference)")
                return
            }
            check(value, target, file: targetFile, path: path, &problems)
            return
        }
        if let type = schema["type"]?.stringValue, !matches(value, type) {
            problems.append("\(path): expected \(type), got \(value)")
            return
        }
        if case .array(let allowed)? = schema["enum"], !allowed.contains(value) {
            problems.append("\(path): \(value) is not one of \(allowed)")
        }
        if case .number(let number) = value {
            if case .number(let minimum)? = schema["minimum"], number < minimum {
                problems.append("\(path): below minimum")
            }
            if case .number(let maximum)? = schema["maximum"], number > maximum {
                problems.append("\(path): above maximum")
            }
        }
        if case .object(let object) = value {
            let properties: [String: JSONValue]
            if case .object(let declared)? = schema["properties"] { properties = declared } else { properties = [:] }
            for required in schema["required"]?.arrayValue.compactMap(\.stringValue) ?? [] where object[required] == nil
            {
                problems.append("\(path): missing required '\(required)'")
            }
            for (key, child) in object {
                if let property = properties[key] {
                    check(child, property, file: file, path: "\(path).\(key)", &problems)
                } else if schema["additionalProperties"] == .bool(false) {
                    problems.append("\(path): unexpected property '\(key)'")
                }
            }
        }
        if case .array(let items) = value {
            if case .number(let minimum)? = schema["minItems"], Double(items.count) < minimum {
                problems.append("\(path): too few items")
            }
            if let itemSchema = schema["items"] {
                for (index, item) in items.enumerated() {
                    check(item, itemSchema, file: file, path: "\(path)[\(index)]", &problems)
                }
            }
        }
    }

    private func matches(_ value: JSONValue, _ type: String) -> Bool {
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("array", .array), ("object", .object), ("null", .null): true
        case ("number", .number): true
        case ("integer", .number(let number)): number == number.rounded()
        default: false
        }
    }
}
