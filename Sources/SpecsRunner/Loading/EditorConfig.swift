import Foundation

/// `.editorconfig` files read as editors read them: from a file's folder upward, the
/// `.editorconfig` of each folder until one says `root = true`; in each, the sections whose
/// glob matches the file, the nearer file and the later section winning.
package enum EditorConfig {
    /// The properties (lowercased names and values) that apply to the file at `path`.
    package static func properties(forFile path: String) -> [String: String] {
        let file = URL(fileURLWithPath: path).standardizedFileURL
        var folders: [URL] = []
        var folder = file.deletingLastPathComponent()
        var parsed: [(folder: URL, sections: [Section])] = []
        while true {
            folders.append(folder)
            let config = folder.appendingPathComponent(".editorconfig")
            if let data = FileManager.default.contents(atPath: config.path) {
                let (root, sections) = parse(String(decoding: data, as: UTF8.self))
                parsed.append((folder, sections))
                if root { break }
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        var properties: [String: String] = [:]
        for (folder, sections) in parsed.reversed() {
            let relative = String(file.path.dropFirst(folder.path.count).drop { $0 == "/" })
            for section in sections where matches(section.glob, relative) {
                for (key, value) in section.properties {
                    if value == "unset" { properties[key] = nil } else { properties[key] = value }
                }
            }
        }
        return properties
    }

    /// A `[glob]` section and its `key = value` lines, in order.
    struct Section {
        let glob: String
        var properties: [(String, String)] = []
    }

    /// Whether the preamble says `root = true`, and the sections.
    static func parse(_ text: String) -> (root: Bool, sections: [Section]) {
        var root = false
        var sections: [Section] = []
        for raw in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                sections.append(Section(glob: String(line.dropFirst().dropLast())))
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces).lowercased()
            if sections.isEmpty {
                if key == "root" { root = value == "true" }
            } else {
                sections[sections.count - 1].properties.append((key, value))
            }
        }
        return (root, sections)
    }

    /// Whether a section's glob matches a path relative to the `.editorconfig`'s folder: a
    /// glob without `/` matches the name in any folder below.
    static func matches(_ glob: String, _ relative: String) -> Bool {
        var steps = 0
        return matches(glob, relative, steps: &steps)
    }

    /// `matches`, counting in `steps` the states it visits: at most a few per pattern
    /// character for each path character, however many `*`, `**` and braces the glob holds.
    static func matches(_ glob: String, _ relative: String, steps: inout Int) -> Bool {
        var pattern = glob
        if !pattern.contains("/") {
            pattern = "**/" + pattern
        } else if pattern.hasPrefix("/") {
            pattern.removeFirst()
        }
        return GlobProgram(pattern).matches(Array(relative), steps: &steps)
    }
}
