import Foundation

/// How `specs format` indents a feature file: the `format` section of the `specs.json` of the
/// file's package (the nearest folder above the file with a `Package.swift` or a
/// `specs.json`), else `indent_style` and `indent_size` of the file's `.editorconfig`
/// (`indent_size = tab` meaning its `tab_width`), else two spaces. So the indentation of a file
/// is the same wherever the command runs. A file in no package takes the `format` section of
/// `project`, the configuration of the folder the command runs in.
package enum FormatIndentation {
    /// The text of one indentation level for the file at `path`; a `specs.json` that does not
    /// read is passed over.
    package static func of(file path: String, project: ProjectConfiguration?) -> String {
        (try? indentation(file: path, project: project)) ?? editorConfigIndentation(file: path)
    }

    /// The text of one indentation level for the file at `path`; throws what in the
    /// `specs.json` of its package cannot be read.
    package static func indentation(
        file path: String, project: ProjectConfiguration?
    ) throws(ConfigurationError) -> String {
        let settings: ProjectConfiguration?
        if let package = packageFolder(of: path) {
            let file = package.appendingPathComponent(ProjectConfiguration.fileName).path
            settings = try FileManager.default.contents(atPath: file).map { data throws(ConfigurationError) in
                try ProjectConfiguration(data, path: file)
            }
        } else {
            settings = project
        }
        return settings?.formatIndentation ?? editorConfigIndentation(file: path)
    }

    /// The nearest folder above the file at `path` that holds a `Package.swift` or a
    /// `specs.json`, if there is one.
    package static func packageFolder(of path: String) -> URL? {
        var folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        while true {
            for marker in ["Package.swift", ProjectConfiguration.fileName]
            where FileManager.default.fileExists(atPath: folder.appendingPathComponent(marker).path) {
                return folder
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// The indentation `.editorconfig` sets for the file at `path`, else two spaces.
    private static func editorConfigIndentation(file path: String) -> String {
        let properties = EditorConfig.properties(forFile: path)
        if properties["indent_style"] == "tab" { return "\t" }
        // `indent_size = tab` is the `tab_width` (EditorConfig).
        let size = properties["indent_size"] == "tab" ? properties["tab_width"] : properties["indent_size"]
        if let size = size.flatMap(Int.init), (1...16).contains(size) {
            return String(repeating: " ", count: size)
        }
        return "  "
    }
}
