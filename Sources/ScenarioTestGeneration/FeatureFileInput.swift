/// A feature file handed to the generator: where it is, and its text or why it
/// could not be read.
public struct FeatureFileInput: Sendable, Hashable {
    /// The path as reported to people: relative to the package root (`Features/cart.feature`).
    public let path: String
    /// The absolute path, for editors to open at a failing line.
    public let absolutePath: String
    /// The path as the build named it: it names the generated file (`OutputName`).
    public let givenPath: String
    /// The text, or the reason it could not be read (not UTF-8, unreadable, ...).
    public let content: Result<String, ReadFailure>

    /// Why a file's text is missing, worded for the person who reads the test's failure.
    public struct ReadFailure: Error, Sendable, Hashable {
        public let message: String
        public let line: Int
        public let column: Int

        public init(message: String, line: Int = 1, column: Int = 1) {
            self.message = message
            self.line = line
            self.column = column
        }
    }

    public init(path: String, absolutePath: String, givenPath: String? = nil, content: Result<String, ReadFailure>) {
        self.path = path
        self.absolutePath = absolutePath
        self.givenPath = givenPath ?? absolutePath
        self.content = content
    }
}

/// One Swift file the generator writes.
public struct GeneratedFile: Sendable, Hashable {
    public let name: String
    public let contents: String
}
