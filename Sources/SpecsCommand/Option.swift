/// A command-line option, named once: the option table, parsing and every lookup use these
/// keys, so a misspelt option is a compile error (and `OptionTests` checks that every key
/// is in a table and every table entry has a key).
struct Option: Hashable, Sendable {
    let name: String

    private init(_ name: String) {
        self.name = name
    }

    static let allowUncheckedStreams = Option("--allow-unchecked-streams")
    static let check = Option("--check")
    static let config = Option("--config")
    static let dryRun = Option("--dry-run")
    static let failFast = Option("--fail-fast")
    static let failOnUnused = Option("--fail-on-unused")
    static let format = Option("--format")
    static let help = Option("--help")
    static let history = Option("--history")
    static let i18nKeywords = Option("--i18n-keywords")
    static let i18nLanguages = Option("--i18n-languages")
    static let inProcess = Option("--in-process")
    static let junitSuiteName = Option("--junit-suite-name")
    static let minCoverage = Option("--min-coverage")
    static let name = Option("--name")
    static let noAst = Option("--no-ast")
    static let noColor = Option("--no-color")
    static let noPickles = Option("--no-pickles")
    static let noSource = Option("--no-source")
    static let order = Option("--order")
    static let parallel = Option("--parallel")
    static let predictableIds = Option("--predictable-ids")
    static let profile = Option("--profile")
    static let reportLanguage = Option("--report-language")
    static let retry = Option("--retry")
    static let shard = Option("--shard")
    static let shardDurations = Option("--shard-durations")
    static let tags = Option("--tags")
    static let testList = Option("--test-list")
    static let testOutput = Option("--test-output")
    static let testsDir = Option("--tests-dir")
    static let timeout = Option("--timeout")
    static let title = Option("--title")
    static let version = Option("--version")
    static let xunit = Option("--xunit")

    /// Every option, for the tests of the table.
    static let all: [Option] = [
        .check, .config, .dryRun, .failFast, .failOnUnused, .format, .help, .history, .i18nKeywords, .i18nLanguages,
        .inProcess, .junitSuiteName, .minCoverage, .name, .noAst, .noColor, .noPickles, .noSource, .order, .parallel,
        .predictableIds, .profile, .reportLanguage, .retry, .shard, .shardDurations, .tags, .testList, .testOutput,
        .testsDir,
        .timeout,
        .title, .version, .xunit,
        .allowUncheckedStreams,
    ]
}
