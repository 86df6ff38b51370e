import Foundation

/// Where a definition was written: its file, as a path an editor or a terminal opens
/// (relative to the working directory when it is below it), and its line.
public struct CodeLocation: Sendable, Hashable, CustomStringConvertible {
    /// The Swift file, relative to the working directory when below it.
    public let file: String
    /// The line of the definition.
    public let line: Int
    /// The column of the registration's call (`#column`: its name or where its arguments open), when known.
    public let column: Int?

    /// `file` is a `#filePath`; it is kept relative to the working directory when below it.
    public init(file: String, line: Int, column: Int? = nil) {
        self.file = SourcePath.relative(file)
        self.line = line
        self.column = column
    }

    /// `file:line`, as reports name a definition.
    public var description: String { "\(file):\(line)" }

    /// `file:line:column` when the column is known (as compilers place an error, and editors
    /// open it), `file:line` otherwise.
    public var place: String { column.map { "\(file):\(line):\($0)" } ?? description }
}

/// Paths of Swift source files as people open them.
enum SourcePath {
    private static let workingDirectory = FileManager.default.currentDirectoryPath

    static func relative(_ path: String) -> String {
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
