/// Where a definition was written: `#fileID` and `#line` of its registration.
public struct CodeLocation: Sendable, Hashable, CustomStringConvertible {
    public let file: String
    public let line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}
