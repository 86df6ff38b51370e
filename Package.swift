// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "specs",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Gherkin", targets: ["Gherkin"]),
        /// What a package needs to run its own feature files with its own steps.
        .library(name: "SpecsKit", targets: ["SpecsRunner", "SpecsReporting", "SpecsCommand"]),
        .executable(name: "specs", targets: ["specs"]),
        /// Every scenario of a test target's feature files as a Swift Testing test.
        .plugin(name: "ScenarioTests", targets: ["ScenarioTests"]),
        /// What the generated scenario tests run with.
        .library(name: "SpecsTesting", targets: ["SpecsTesting"]),
    ],
    targets: [
        // The parser and pickle compiler: the standard library only.
        .target(name: "Gherkin"),
        // A value shared between threads behind a lock: the one such wrapper of the package.
        .target(name: "Locking"),
        // Cucumber Expressions and regular expressions for step definitions.
        .target(name: "CucumberExpressions", dependencies: ["Locking"]),
        .testTarget(name: "CucumberExpressionsTests", dependencies: ["CucumberExpressions", "ConformanceData"]),
        // Tag expressions: `@a and not (@b or @c)`.
        .target(name: "TagExpressions"),
        .testTarget(name: "TagExpressionsTests", dependencies: ["TagExpressions", "ConformanceData"]),
        // The seed domain: it knows nothing of specs or of logging.
        .target(name: "HTTP"),
        // The URLSession implementation of the HTTP port, kept apart so that nothing
        // that does not talk to a real server links the networking stack.
        .target(name: "HTTPURLSession", dependencies: ["HTTP", "Locking"]),
        .target(name: "Identity", dependencies: ["HTTP"]),
        .target(name: "Catalog", dependencies: ["HTTP"]),
        // Observability: structured events and the decorators that log around the domain.
        .target(name: "Observability", dependencies: ["Identity", "Catalog"]),
        // The observability handbook (seed 004): analytics, flags, consent, crash reporting,
        // performance traces and the extension's event buffer, behind protocols.
        .target(name: "Telemetry", dependencies: ["Locking"]),
        .testTarget(name: "TelemetryTests", dependencies: ["Telemetry"]),
        .testTarget(name: "IdentityTests", dependencies: ["Identity", "HTTP", "HTTPURLSession"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog"]),
        .testTarget(name: "ObservabilityTests", dependencies: ["Observability", "Identity", "Catalog"]),
        // The rules of `specs lint`, on feature files alone.
        .target(name: "FeatureLint", dependencies: ["Gherkin"]),
        .testTarget(name: "FeatureLintTests", dependencies: ["FeatureLint", "Gherkin", "ConformanceData"]),
        // Cucumber Messages: the one event model every output consumes.
        .target(name: "Messages", dependencies: ["Gherkin"]),
        // Step definitions, hooks and the run: one stream of envelopes.
        .target(
            name: "SpecsRunner",
            dependencies: ["Gherkin", "Messages", "CucumberExpressions", "TagExpressions", "Locking"]),
        // Scenarios linked to the XCTests that verify them, and the coverage they reach.
        .target(name: "Traceability", dependencies: ["Gherkin", "Messages"]),
        // Every output format, each a consumer of the run's stream.
        .target(
            name: "SpecsReporting", dependencies: ["Gherkin", "Messages", "SpecsRunner", "Traceability", "Locking"]),
        // `RUNNER lsp`: the Language Server Protocol for feature files, with a runner's own steps.
        .target(
            name: "SpecsLanguageServer",
            dependencies: ["Gherkin", "Messages", "SpecsRunner", "FeatureLint", "CucumberExpressions", "Locking"]),
        .testTarget(
            name: "SpecsLanguageServerTests",
            dependencies: [
                "SpecsLanguageServer", "SpecsRunner", "CucumberExpressions", "FeatureLint", "Gherkin",
                "ConformanceData",
            ]),
        // The command line: options, subcommands, composition of formats.
        .target(
            name: "SpecsCommand",
            dependencies: [
                "Gherkin", "Messages", "SpecsRunner", "SpecsReporting", "TagExpressions", "Traceability", "FeatureLint",
                "CucumberExpressions", "Locking", "SpecsLanguageServer",
            ]),
        // The step definitions of this package's own Features/.
        .target(
            name: "SpecsSteps",
            dependencies: ["SpecsRunner", "Identity", "Catalog", "Observability", "HTTP", "Telemetry"]),
        .executableTarget(name: "specs", dependencies: ["SpecsCommand", "SpecsSteps"]),
        // Scenarios as Swift Testing tests: the build plugin, the generator it runs, and
        // what the generated tests call.
        .target(name: "ScenarioTestGeneration", dependencies: ["Gherkin", "Messages"]),
        .executableTarget(name: "specs-scenario-tests", dependencies: ["ScenarioTestGeneration"]),
        .plugin(name: "ScenarioTests", capability: .buildTool(), dependencies: ["specs-scenario-tests"]),
        .target(
            name: "SpecsTesting",
            dependencies: [
                "SpecsRunner", "SpecsReporting", "SpecsCommand", "Gherkin", "Messages", "TagExpressions",
                "FeatureLint", "Locking",
            ]),
        .testTarget(name: "ScenarioTestGenerationTests", dependencies: ["ScenarioTestGeneration", "Gherkin"]),
        .testTarget(
            name: "SpecsTestingTests", dependencies: ["SpecsTesting", "SpecsRunner", "Messages", "Locking"],
            plugins: ["ScenarioTests"]),
        // A runner whose steps crash, exit, block and spin: the command tests run it.
        .executableTarget(name: "misbehaving-specs", dependencies: ["SpecsCommand", "SpecsRunner"]),
        // The benchmark driver (see Scripts/bench.sh).
        .executableTarget(name: "specs-bench", dependencies: ["SpecsCommand", "SpecsRunner", "Gherkin", "Messages"]),
        .testTarget(
            name: "SpecsRunnerTests",
            dependencies: [
                "SpecsRunner", "SpecsReporting", "Gherkin", "Messages", "TagExpressions", "Traceability",
                "ConformanceData", "Locking",
            ], exclude: ["Golden"]),
        .testTarget(
            name: "SpecsCommandTests",
            dependencies: [
                "SpecsCommand", "SpecsReporting", "SpecsRunner", "Traceability", "Messages", "Gherkin",
                "ConformanceData", "Locking",
                "misbehaving-specs", "specs",
            ]),
        .testTarget(name: "MessagesTests", dependencies: ["Messages"]),
        .testTarget(name: "TraceabilityTests", dependencies: ["Traceability"]),
        .testTarget(name: "SpecsReportingTests", dependencies: ["SpecsReporting", "SpecsRunner"]),
        .testTarget(
            name: "CompatibilityKitTests",
            dependencies: ["SpecsRunner", "Messages", "Gherkin", "ConformanceData", "Locking"]),
        // This package's own Features/ (linked into the target) as scenario tests.
        .testTarget(
            name: "SpecsStepsTests",
            dependencies: ["SpecsSteps", "SpecsRunner", "SpecsTesting", "Gherkin", "Messages"],
            plugins: ["ScenarioTests"]),
        // Locates the official conformance data for tests, and seeds their generated cases; never used at run time.
        .target(name: "ConformanceData", path: "Tests/Support/ConformanceData"),
        .testTarget(
            name: "GherkinTests", dependencies: ["Gherkin", "Messages", "ConformanceData"], exclude: ["Regressions"]),
    ],
    swiftLanguageModes: [.v6]
)
