/// One option of the command line: its name, its value (if it takes one) and its help.
struct OptionSpec: Sendable {
    let name: String
    let value: String?
    let help: String
}

/// The options of `specs`, in the order help lists them. Parsing and help both read it.
enum OptionTable {
    static let run: [OptionSpec] = [
        OptionSpec(name: "--tags", value: "expression", help: "Only scenarios whose tags match, e.g. '@smoke and not @wip'."),
        OptionSpec(name: "--name", value: "regex", help: "Only scenarios whose name matches (repeatable)."),
        OptionSpec(name: "--format", value: "name[:path]", help: "pretty (default), progress, summary, message, junit, json, html, traceability, traceability-json, usage; to stdout without a path (repeatable)."),
        OptionSpec(name: "--dry-run", value: nil, help: "Match every step without running any."),
        OptionSpec(name: "--fail-fast", value: nil, help: "Stop after the first failing scenario."),
        OptionSpec(name: "--retry", value: "n", help: "Run a failing scenario up to n more times."),
        OptionSpec(name: "--order", value: "defined|reverse|random[:seed]", help: "The order scenarios run in."),
        OptionSpec(name: "--parallel", value: "n", help: "Run n scenarios at once (one world each)."),
        OptionSpec(name: "--timeout", value: "seconds", help: "Fail a step still running after this long (default 60)."),
        OptionSpec(name: "--fail-on-unused", value: nil, help: "Fail (exit 1) when a step definition matches no step (with --dry-run: before running anything)."),
        OptionSpec(name: "--in-process", value: nil, help: "Run the scenarios in this process, not in worker processes: a crash, exit() or blocking step then ends the whole run."),
        OptionSpec(name: "--shard", value: "i/n", help: "Run the i-th of n balanced, stable shares of the scenarios."),
        OptionSpec(name: "--junit-suite-name", value: "name", help: "The testsuite name of the junit format (default: specs)."),
        OptionSpec(name: "--xunit", value: "file", help: "xUnit XML of `swift test --xunit-output` giving the linked tests' results (repeatable)."),
        OptionSpec(name: "--test-list", value: "file", help: "Output of `swift test list` naming the tests that exist."),
        OptionSpec(name: "--tests-dir", value: "dir", help: "Where the linked XCTests live (default: Tests)."),
        OptionSpec(name: "--min-coverage", value: "percent", help: "Fail (exit 1) when fewer scenarios are covered by a passing linked test."),
        OptionSpec(name: "--report-language", value: "en|es", help: "The language of the HTML report's labels (default: the features')."),
        OptionSpec(name: "--title", value: "text", help: "The project the HTML report is titled after (default: the package's name)."),
        OptionSpec(name: "--history", value: "dir", help: "Keep a record of each run in dir; the HTML report shows the trend and new, newly failing, fixed and flaky scenarios."),
        OptionSpec(name: "--no-color", value: nil, help: "No colours (also when NO_COLOR is set; colours only go to a terminal)."),
        OptionSpec(name: "--i18n-languages", value: nil, help: "List the Gherkin languages."),
        OptionSpec(name: "--i18n-keywords", value: "language", help: "List the keywords of a Gherkin language."),
        OptionSpec(name: "--help", value: nil, help: "Show this help."),
        OptionSpec(name: "--version", value: nil, help: "Show the version."),
    ]

    /// The options of `specs report`: the outputs and the traceability gate.
    static let report: [OptionSpec] = run.filter {
        ["--format", "--junit-suite-name", "--xunit", "--test-list", "--tests-dir", "--min-coverage", "--report-language", "--title", "--history",
         "--no-color", "--help"].contains($0.name)
    }

    static let format: [OptionSpec] = [
        OptionSpec(name: "--check", value: nil, help: "Change nothing; list the files that would change and exit 1 if any would."),
        OptionSpec(name: "--help", value: nil, help: "Show this help."),
    ]

    static let lint: [OptionSpec] = [
        OptionSpec(name: "--config", value: "file", help: "The rules' settings (default: .specs-lint.json in the working directory, if any)."),
        OptionSpec(name: "--help", value: nil, help: "Show this help."),
    ]

    static let gherkin: [OptionSpec] = [
        OptionSpec(name: "--no-source", value: nil, help: "Leave out the source messages."),
        OptionSpec(name: "--no-ast", value: nil, help: "Leave out the gherkinDocument messages."),
        OptionSpec(name: "--no-pickles", value: nil, help: "Leave out the pickle messages."),
        OptionSpec(name: "--predictable-ids", value: nil, help: "Ids \"0\", \"1\", ... instead of UUIDs."),
        OptionSpec(name: "--help", value: nil, help: "Show this help."),
    ]

    static func help(usage: String, arguments: String, options: [OptionSpec], footer: String = "") -> String {
        var text = "USAGE: \(usage)\n\nARGUMENTS:\n\(arguments)\n\nOPTIONS:\n"
        for option in options {
            let left = option.name + (option.value.map { " <\($0)>" } ?? "")
            let padding = String(repeating: " ", count: max(2, 34 - left.count))
            text += "  \(left)\(padding)\(option.help)\n"
        }
        return text + footer
    }
}
