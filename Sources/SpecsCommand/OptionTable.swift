/// One option of the command line: its name, its value (if it takes one) and its help.
struct OptionSpec: Sendable {
    let option: Option
    let value: String?
    let help: String

    init(_ option: Option, value: String?, help: String) {
        self.option = option
        self.value = value
        self.help = help
    }

    var name: String { option.name }
}

/// The options of `specs`, in the order help lists them. Parsing and help both read it.
enum OptionTable {
    static let run: [OptionSpec] = [
        OptionSpec(.tags, value: "expression", help: "Only scenarios whose tags match, e.g. '@smoke and not @wip'."),
        OptionSpec(.name, value: "regex", help: "Only scenarios whose name matches (repeatable)."),
        OptionSpec(
            .format, value: "name[:path]",
            help:
                "pretty (default), progress, summary, message, junit, json, html, traceability, traceability-json, usage, rerun; to stdout without a path (repeatable)."
        ),
        OptionSpec(.dryRun, value: nil, help: "Match every step without running any."),
        OptionSpec(.failFast, value: nil, help: "Stop after the first failing scenario."),
        OptionSpec(.retry, value: "n", help: "Run a failing scenario up to n more times (0 to 100)."),
        OptionSpec(.order, value: "defined|reverse|random[:seed]", help: "The order scenarios run in."),
        OptionSpec(.parallel, value: "n", help: "Run n scenarios at once (one world each; 1 to 1024)."),
        OptionSpec(
            .timeout, value: "seconds", help: "Fail a step still running after this long (default 60, at most 1000000)."
        ),
        OptionSpec(
            .failOnUnused, value: nil,
            help: "Fail (exit 1) when a step definition matches no step (with --dry-run: before running anything)."),
        OptionSpec(
            .inProcess, value: nil,
            help:
                "Run the scenarios in this process, not in worker processes: a crash, exit() or blocking step then ends the whole run."
        ),
        OptionSpec(
            .shard, value: "i/n|auto",
            help:
                "Run the i-th of n (at most 10000) balanced, stable shares of the scenarios; auto reads a CI's parallel job (GitLab, CircleCI, Buildkite, Azure Pipelines)."
        ),
        OptionSpec(
            .shardDurations, value: "file",
            help:
                "Balance --shard by the time each scenario took in an earlier run: its message stream (repeatable, for merged shards) or its --history folder."
        ),
        OptionSpec(
            .profile, value: "name",
            help:
                "Take the options of this profile of specs.json (its defaults are always taken); the command line's win."
        ),
        OptionSpec(.junitSuiteName, value: "name", help: "The testsuite name of the junit format (default: specs)."),
        OptionSpec(
            .xunit, value: "file",
            help: "xUnit XML of `swift test --xunit-output` giving the linked tests' results (repeatable)."),
        OptionSpec(
            .testOutput, value: "file",
            help:
                "What `swift test` printed: the results that tell a skipped linked test from a passed one (repeatable)."
        ),
        OptionSpec(.testList, value: "file", help: "Output of `swift test list` naming the tests that exist."),
        OptionSpec(.testsDir, value: "dir", help: "Where the linked XCTests live (default: Tests)."),
        OptionSpec(
            .minCoverage, value: "percent",
            help: "Fail (exit 1) when fewer scenarios are covered by a passing linked test."),
        OptionSpec(
            .reportLanguage, value: "en|es", help: "The language of the HTML report's labels (default: the features')."),
        OptionSpec(
            .title, value: "text", help: "The project the HTML report is titled after (default: the package's name)."),
        OptionSpec(
            .history, value: "dir",
            help:
                "Keep a record of each run in dir; the HTML report shows the trend and new, newly failing, fixed and flaky scenarios."
        ),
        OptionSpec(
            .noColor, value: nil, help: "No colours (also when NO_COLOR is set; colours only go to a terminal)."),
        OptionSpec(.i18nLanguages, value: nil, help: "List the Gherkin languages."),
        OptionSpec(.i18nKeywords, value: "language", help: "List the keywords of a Gherkin language."),
        OptionSpec(.help, value: nil, help: "Show this help."),
        OptionSpec(.version, value: nil, help: "Show the version."),
    ]

    /// The options of `specs report`: the outputs and the traceability gate.
    static let report: [OptionSpec] =
        run.filter {
            [
                .format, .junitSuiteName, .xunit, .testOutput, .testList, .testsDir, .minCoverage, .reportLanguage,
                .title, .history, .failOnUnused,
                .noColor, .help,
            ]
            .contains($0.option)
        } + [
            OptionSpec(
                .allowUncheckedStreams, value: nil,
                help: "Report streams without specs' run metadata (another tool's), unchecked for missing scenarios.")
        ]

    static let format: [OptionSpec] = [
        OptionSpec(
            .check, value: nil, help: "Change nothing; list the files that would change and exit 1 if any would."),
        OptionSpec(.help, value: nil, help: "Show this help."),
    ]

    static let lint: [OptionSpec] = [
        OptionSpec(
            .config, value: "file",
            help:
                "The rules' settings (default: the lint settings of specs.json, else .specs-lint.json, in the working directory)."
        ),
        OptionSpec(.help, value: nil, help: "Show this help."),
    ]

    static let gherkin: [OptionSpec] = [
        OptionSpec(.noSource, value: nil, help: "Leave out the source messages."),
        OptionSpec(.noAst, value: nil, help: "Leave out the gherkinDocument messages."),
        OptionSpec(.noPickles, value: nil, help: "Leave out the pickle messages."),
        OptionSpec(.predictableIds, value: nil, help: "Ids \"0\", \"1\", ... instead of UUIDs."),
        OptionSpec(.help, value: nil, help: "Show this help."),
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
