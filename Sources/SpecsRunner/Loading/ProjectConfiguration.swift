import Foundation
import Gherkin

/// `specs.json` at the package root: the options every run takes (`default`), named
/// profiles chosen with `--profile NAME` (`profiles`), and the lint rules' settings
/// (`lint`, as `.specs-lint.json` holds them), and how `specs format` indents (`format`:
/// `{ "indent": 4 }` or `{ "indent": "tab" }`); a syntax error or a key given twice is an
/// error at its line and column. An option is named as on the command line
/// without its dashes; its value is a string or number, `true` for a flag, or a list for an
/// option given several times:
///
///     { "default": { "tags": "not @wip", "timeout": 30 },
///       "profiles": { "ci": { "format": ["progress", "junit:reports/junit.xml"], "parallel": 4, "retry": 1 } },
///       "lint": { "rules": { "scenario-size": { "max": 8 } } } }
package struct ProjectConfiguration: Sendable {
    /// The file's name, read in the package's folder.
    package static let fileName = "specs.json"

    /// An option's value: a flag, or the values it gives (one, or several for a repeatable option).
    package enum Value: Sendable, Equatable {
        /// An option that is on or off (`"dry-run": true`).
        case flag(Bool)
        /// An option's values, as text (`"parallel": 4` is `["4"]`).
        case values([String])
    }

    /// The options of every run, by name (`tags`, `format`, `paths` for the feature paths, ...).
    package let defaults: [String: Value]
    /// The named profiles' options.
    package let profiles: [String: [String: Value]]
    /// The lint rules' settings, as JSON.
    package let lint: Data?
    /// The text of one indentation level `specs format` writes, if the file sets it.
    package let formatIndentation: String?
    /// Where the file is, for messages.
    package let path: String
    /// The file's text, to place what a reader of a section (`lint`) finds wrong in it.
    package let source: Data

    /// The file in `directory`, if there is one; an error names what in it cannot be read.
    package static func load(
        directory: String = FileManager.default.currentDirectoryPath
    ) throws(ConfigurationError) -> ProjectConfiguration? {
        let path = URL(fileURLWithPath: directory).appendingPathComponent(fileName).path
        guard let data = try FileReason.settings(atPath: path, shownAs: fileName) else { return nil }
        return try ProjectConfiguration(data, path: fileName)
    }

    /// The configuration in `data` (read from `path`); an error names what cannot be read.
    package init(_ data: Data, path: String) throws(ConfigurationError) {
        // A byte order mark before the text is read past, as in a feature file.
        let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
        self.path = path
        source = data
        if let problem = JSONSyntax.problem(in: data) {
            throw ConfigurationError(path: path, message: problem.message, line: problem.line, column: problem.column)
        }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw Self.error("is not a JSON object", at: [], in: data, path: path)
        }
        let sections = ["default", "profiles", "lint", "format"]
        for key in root.keys where !sections.contains(key) {
            throw Self.error(
                "unknown key '\(key)'" + Self.nearest(key, among: sections), at: [key], in: data, path: path)
        }
        formatIndentation = try Self.indentation(root["format"], in: data, path: path)
        let file: FileLayout
        do { file = try JSONDecoder().decode(FileLayout.self, from: data) } catch {
            let keyPath = Self.keyPath(of: error)
            let takes =
                keyPath.count == 1 && keyPath[0] == "profiles"
                ? "takes an object of profiles by name"
                : keyPath.count == 1 || (keyPath.count == 2 && keyPath[0] == "profiles")
                    ? "takes an object of options by name"
                    : "takes a string, a number, true or false, or a list of strings and numbers"
            throw Self.error(
                "\(keyPath.last.map { "'\($0)'" } ?? "an option") \(takes)", at: keyPath, in: data, path: path)
        }
        defaults = (file.default ?? [:]).mapValues(\.value)
        profiles = (file.profiles ?? [:]).mapValues { $0.mapValues(\.value) }
        lint = try root["lint"].map { lint throws(ConfigurationError) in
            guard JSONSerialization.isValidJSONObject(lint),
                let lintData = try? JSONSerialization.data(withJSONObject: lint)
            else {
                throw Self.error("'lint' is not an object", at: ["lint"], in: data, path: path)
            }
            return lintData
        }
    }

    /// The `format` section's indentation: `"indent"` a number of spaces (1 to 16) or `"tab"`;
    /// an error is placed at the key that holds what is wrong.
    private static func indentation(
        _ section: Any?, in data: Data, path: String
    ) throws(ConfigurationError) -> String? {
        guard let section else { return nil }
        guard let object = section as? [String: Any] else {
            throw error("'format' is not an object (it takes \"indent\")", at: ["format"], in: data, path: path)
        }
        for key in object.keys where key != "indent" {
            throw error(
                "unknown key 'format.\(key)'; 'format' takes \"indent\" (a number of spaces or \"tab\")",
                at: ["format", key], in: data, path: path)
        }
        switch object["indent"] {
        case nil: return nil
        case let text as String where text == "tab": return "\t"
        case let number as NSNumber
        where !isBoolean(number) && (1...16).contains(number.intValue)
            && Double(number.intValue) == number.doubleValue:
            return String(repeating: " ", count: number.intValue)
        default:
            throw error(
                "'format.indent' takes a number of spaces from 1 to 16, or \"tab\"", at: ["format", "indent"],
                in: data, path: path)
        }
    }

    /// Whether JSON wrote `number` as `true` or `false`, which read as 1 and 0.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// The error `message` at the key `keyPath` of the file (object keys from the outermost),
    /// at the line and column where the key is written.
    package func error(_ message: String, at keyPath: [String]) -> ConfigurationError {
        Self.error(message, at: keyPath, in: source, path: path)
    }

    /// The keys of the option `name` in a run with `profile`: in the profile when it sets
    /// the option, else in `default`.
    package func keyPath(ofOption name: String, profile: String?) -> [String] {
        if let profile, profiles[profile]?[name] != nil { return ["profiles", profile, name] }
        return ["default", name]
    }

    private static func error(
        _ message: String, at keyPath: [String], in data: Data, path: String
    )
        -> ConfigurationError
    {
        let place = JSONSyntax.place(ofKey: keyPath, in: data)
        return ConfigurationError(path: path, message: message, line: place?.line, column: place?.column)
    }

    /// The options of a run with `profile` (none: the defaults): the profile's win over the
    /// defaults, option by option. An unknown profile is an error naming the nearest.
    package func options(profile: String?) throws(ConfigurationError) -> [String: Value] {
        guard let profile else { return defaults }
        guard let options = profiles[profile] else {
            let known = profiles.keys.sorted()
            let hint =
                known.isEmpty
                ? "; the file has no profiles"
                : Self.nearest(profile, among: known) + " (profiles: \(known.joined(separator: ", ")))"
            throw ConfigurationError(path: path, message: "unknown profile '\(profile)'\(hint)")
        }
        return defaults.merging(options) { _, profile in profile }
    }

    /// The file as JSON: options by profile, each value a flag, a value or a list.
    private struct FileLayout: Decodable {
        let `default`: [String: OptionValue]?
        let profiles: [String: [String: OptionValue]]?
    }

    private struct OptionValue: Decodable {
        let value: Value

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                value = .flag(flag)
            } else if let list = try? container.decode([Scalar].self) {
                value = .values(list.map(\.text))
            } else {
                value = .values([try container.decode(Scalar.self).text])
            }
        }
    }

    /// A string or a number, as the command line would have it.
    private struct Scalar: Decodable {
        let text: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) {
                text = string
            } else if let whole = try? container.decode(Int.self) {
                text = String(whole)
            } else {
                text = String(try container.decode(Double.self))
            }
        }
    }

    /// The object keys of the value a decoding error is about, up to the first list item.
    private static func keyPath(of error: any Error) -> [String] {
        switch error as? DecodingError {
        case .typeMismatch(_, let context)?, .dataCorrupted(let context)?, .valueNotFound(_, let context)?,
            .keyNotFound(_, let context)?:
            // A list item's key reads "Index 0"; an object's key "5" is 5 as an integer too.
            return context.codingPath.prefix { key in
                key.intValue.map(String.init) == key.stringValue || key.intValue == nil
            }
            .map(\.stringValue)
        default:
            return []
        }
    }

    /// ". Did you mean 'x'?" for the closest of `names`, when it is close.
    package static func nearest(_ name: String, among names: [String]) -> String {
        let lowercased = names.map { $0.lowercased() }
        guard let near = EditDistance.nearest(name.lowercased(), among: lowercased),
            let index = lowercased.firstIndex(of: near)
        else { return "" }
        return ". Did you mean '\(names[index])'?"
    }
}

/// What in `specs.json` cannot be read, and where.
package struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    /// The file.
    package let path: String
    /// What in it cannot be read.
    package let message: String
    /// Where in it, for a syntax error or a key whose value is wrong (1-based).
    package var line: Int?
    /// The column of `line`, counted in characters (1-based).
    package var column: Int?

    /// What in `path` cannot be read, at `line` and `column` where there is a place.
    package init(path: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.message = message
        self.line = line
        self.column = column
    }

    /// `path:line:column: error: message` (`path: error: message` where there is no place).
    package var description: String {
        let place = line.map { ":\($0):\(column ?? 1)" } ?? ""
        return "\(path)\(place): error: \(message)"
    }
}
