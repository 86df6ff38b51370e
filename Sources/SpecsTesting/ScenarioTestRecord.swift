import Testing

// The generated tests' compact form: where the toolchain is one whose Swift Testing this
// was built and checked against (Swift 6.3 on Linux), a generated scenario test is a
// test content record pointing at a function that calls `store` below, the form the
// `@Test` macro expands to, with the work of the expansion done once here instead of in
// every test. The generator writes the same condition around the records and the
// `@Test` form in its `#else`, so any other toolchain or platform builds the macro form.
#if compiler(>=6.3) && compiler(<6.4) && os(Linux)
    extension ScenarioTests {
        /// Hands Swift Testing the test of the scenario (or example row) at `line` of `file`,
        /// as the generated record's accessor: named `name` as written, a member of the suite
        /// `suite`, selected by `tags`, located at the scenario's line of the feature file.
        /// Not for use outside generated code.
        public static func store<Suite>(
            _ name: String, in suite: Suite.Type, tags: [String], _ file: FeatureFile, line: Int,
            into value: UnsafeMutableRawPointer, asTypeAt type: UnsafeRawPointer,
            running body: @escaping @Sendable () async throws -> Void
        ) -> CBool {
            let location = file.key.sourceLocation(line: line, column: 1)
            return Test.__store(
                {
                    Test.__function(
                        named: "`\(name)`()", in: suite, xcTestCompatibleSelector: nil, displayName: name,
                        traits: [.scenario(file, line: line, tags: tags)], sourceLocation: location, parameters: [],
                        testFunction: body)
                }, into: value, asTypeAt: type)
        }
    }
#endif
