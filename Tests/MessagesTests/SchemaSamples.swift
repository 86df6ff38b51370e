import Foundation

/// JSON values made from the messages JSON schema: every property of an object filled,
/// arrays of one element, the `variant`th value of each string enum and the `variant`th member
/// of a feature's or rule's child. A type that holds itself (a match group's `children`)
/// stops at the second level.
struct SchemaSamples {
    /// Each schema file's JSON, by name (`Envelope` for `Envelope.schema.json`).
    let files: [String: [String: Any]]

    init(folder: URL) throws {
        var files: [String: [String: Any]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".schema.json") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            files[String(name.dropLast(".schema.json".count))] =
                try JSONSerialization.jsonObject(with: data)
                as? [String: Any]
        }
        self.files = files
    }

    /// A sample of the message under the envelope's key `member`.
    func sample(envelopeMember member: String, variant: Int) -> Any? {
        guard let properties = files["Envelope"]?["properties"] as? [String: Any],
            let property = properties[member] as? [String: Any]
        else { return nil }
        return value(of: property, in: "Envelope", variant: variant, path: [])
    }

    private func value(of schema: [String: Any], in file: String, variant: Int, path: Set<String>) -> Any? {
        if let reference = schema["$ref"] as? String {
            guard let (target, targetFile, name) = resolve(reference, from: file), !path.contains(name) else {
                return nil
            }
            let sample = value(of: target, in: targetFile, variant: variant, path: path.union([name]))
            // A `FeatureChild` or `RuleChild` holds one of its members (a background, a scenario or a rule).
            guard name.hasSuffix("Child"), let members = sample as? [String: Any] else { return sample }
            let kept = members.keys.sorted()[variant % members.count]
            return members.filter { $0.key == kept }
        }
        switch schema["type"] as? String {
        case "object":
            var object: [String: Any] = [:]
            for (name, property) in schema["properties"] as? [String: [String: Any]] ?? [:] {
                object[name] = value(of: property, in: file, variant: variant, path: path)
            }
            return object
        case "array":
            guard let items = schema["items"] as? [String: Any],
                let element = value(of: items, in: file, variant: variant, path: path)
            else { return nil }
            return [element]
        case "string":
            if let values = schema["enum"] as? [String] { return values[variant % values.count] }
            return "text \(variant)"
        case "integer": return 3 + variant
        case "boolean": return variant % 2 == 0
        default: return nil
        }
    }

    /// The schema a `$ref` names, the file it is in, and its name.
    private func resolve(_ reference: String, from file: String) -> ([String: Any], String, String)? {
        if reference.hasPrefix("#/definitions/") {
            let name = String(reference.dropFirst("#/definitions/".count))
            guard let definition = (files[file]?["definitions"] as? [String: Any])?[name] as? [String: Any] else {
                return nil
            }
            return (definition, file, name)
        }
        let name = String(reference.split(separator: "/").last ?? "").replacingOccurrences(of: ".schema.json", with: "")
        guard let target = files[name] else { return nil }
        return (target, name, name)
    }
}
