import Foundation

/// Where a definition was written: its file, as a path an editor or a terminal opens
/// (relative to the working directory when it is below it), and its line.
public struct CodeLocation: Sendable, Hashable, CustomStringConvertible {
    /// The Swift file, relative to the working directory when below it.
    public let file: String
    /// The line of the definition.
    public let line: Int

    /// `file` is a `#filePath`; it is kept relative to the working directory when below it.
    public init(file: String, line: Int) {
        self.file = SourcePath.relative(file)
        self.line = line
    }

    /// `file:line`.
    public var description: String { "\(file):\(line)" }
}

/// Paths of Swift source files as people open them.
enum SourcePath {
    private static let workingDirectory = FileManager.default.currentDirectoryPath

    static func relative(_ path: String) -> String {
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
