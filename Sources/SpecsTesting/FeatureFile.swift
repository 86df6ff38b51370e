extension ScenarioTests {
    /// A feature file as a generated test carries it: its text is compiled in, so the
    /// tests run wherever the test bundle runs.
    /// For generated code only.
    @_documentation(visibility: internal)
    public struct FeatureFile: Sendable {
        /// Relative to the package root: `Features/cart.feature`.
        public let path: String
        /// Where the file was when the tests were generated, for editors.
        public let absolutePath: String
        /// The test target's module.
        public let module: String
        let content: Result<String, Unreadable>

        struct Unreadable: Error, Sendable {
            let message: String
            let line: Int
            let column: Int
        }

        /// A feature file's text as generated into a test target: `path` as the package names it, `absolutePath` where it is, `module` the test target.
        public init(path: String, absolutePath: String, module: String, source: String) {
            self.path = path
            self.absolutePath = absolutePath
            self.module = module
            self.content = .success(source)
        }

        /// A file that could not be read when the tests were generated.
        public init(path: String, absolutePath: String, module: String, unreadable: String, line: Int, column: Int) {
            self.path = path
            self.absolutePath = absolutePath
            self.module = module
            self.content = .failure(Unreadable(message: unreadable, line: line, column: column))
        }
    }
}
