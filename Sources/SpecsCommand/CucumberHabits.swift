/// The options a Cucumber user types out of habit: the short forms of specs' own options
/// (`-t @smoke` is `--tags @smoke`, `-t@smoke` too), `--strict` (a specs run always is), and
/// Cucumber's options specs has no use for, each refused with what to use instead.
enum CucumberHabits {
    /// Cucumber's short options that mean one of specs' own.
    static let short: [String: Option] = [
        "-t": .tags, "-n": .name, "-f": .format, "-p": .profile, "-d": .dryRun, "-h": .help,
    ]

    /// Accepted and ignored: what they ask for is how specs always runs.
    static let accepted: Set<String> = ["--strict"]

    /// Cucumber's options specs has no use for, and what to use instead.
    static let refused: [String: String] = {
        let out = "a format writes to a file as --format <name>:<path>, e.g. --format junit:reports/junit.xml"
        let require =
            "step definitions are compiled into the runner: run the package's own runner (swift run <runner>), "
            + "it has them all"
        let exclude = "choose scenarios with --tags, --name or paths (file.feature:line)"
        return [
            "-o": out, "--out": out, "-r": require, "--require": require, "--require-module": require,
            "--import": require, "-e": exclude, "--exclude": exclude,
            "-v": "the version is --version (Cucumber's -v is --verbose in Ruby, --version in JavaScript)",
            "--no-strict": "undefined, pending and ambiguous steps always fail a run",
        ]
    }()

    /// The long option `argument` (a short one, or `-t@smoke` with its value attached) stands
    /// for in `table`, with the attached value; nil when it is not a short option.
    static func long(
        for argument: String, in table: [OptionSpec]
    ) throws(UsageError) -> (name: String, inline: String?)? {
        guard argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count >= 2 else { return nil }
        let key = String(argument.prefix(2))
        if let advice = refused[argument] ?? refused[key] {
            throw UsageError(message: "unknown option '\(key)': \(advice)")
        }
        guard let option = short[key] else {
            let known = table.compactMap { spec in
                short.first { $0.value == spec.option }.map { "\($0.key) (\(spec.name))" }
            }
            throw UsageError(
                message: "unknown option '\(key)'"
                    + (known.isEmpty ? "" : "; the short options are " + known.joined(separator: ", ")))
        }
        guard table.contains(where: { $0.option == option }) else {
            throw UsageError(
                message: "unknown option '\(key)': it stands for \(option.name), which this command does not take")
        }
        let rest = argument.dropFirst(2)
        return (option.name, rest.isEmpty ? nil : String(rest))
    }
}
