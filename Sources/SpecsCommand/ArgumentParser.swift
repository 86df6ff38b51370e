import Gherkin
import SpecsReporting
import SpecsRunner

/// Splits argv into options (with their values) and positional arguments, checking
/// each option against a table; Cucumber's short options stand for their long forms.
struct ParsedArguments {
    var flags: Set<String> = []
    /// Switches the command line turns off (`--dry-run=false`): one `specs.json` turns on is not.
    var flagsOff: Set<String> = []
    var values: [String: [String]] = [:]
    var positionals: [String] = []

    func value(_ option: Option) -> String? { values[option.name]?.last }
    func all(_ option: Option) -> [String] { values[option.name] ?? [] }
    func has(_ option: Option) -> Bool { flags.contains(option.name) }

    /// The feature files and directories named on the command line; `Features/` when none is.
    /// `@FILE` stands for the places a rerun file lists (`--format rerun:FILE`).
    var featurePaths: [FeaturePath] {
        guard !positionals.isEmpty else { return [FeaturePath(argument: "Features")] }
        return positionals.flatMap { argument in
            rerunFile(argument)?.places.map(\.namedByARerunFile) ?? [FeaturePath(argument: argument)]
        }
    }

    /// The rerun files named (`@FILE`), in order.
    var namedRerunFiles: [RerunFile] { positionals.compactMap(rerunFile) }

    /// The rerun files named (`@FILE`) that list no place: a run of them alone runs nothing.
    var emptyRerunFiles: [RerunFile] { namedRerunFiles.filter(\.places.isEmpty) }

    /// The rerun files named, read by `readingRerunFiles`, by argument.
    private var rerunFiles: [String: RerunFile] = [:]

    /// These arguments with each rerun file they name read once: a rerun file may be a pipe
    /// (`@<(...)`), which a second read finds empty.
    func readingRerunFiles() -> ParsedArguments {
        var read = self
        for argument in positionals where read.rerunFiles[argument] == nil {
            read.rerunFiles[argument] = RerunFile(argument: argument)
        }
        return read
    }

    /// The rerun file `argument` names (`@FILE`), as `readingRerunFiles` read it.
    private func rerunFile(_ argument: String) -> RerunFile? { rerunFiles[argument] ?? RerunFile(argument: argument) }
}

struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

enum ArgumentParser {
    /// The arguments of `command` (`specs`, `specs format`, ...), or nil after telling `err`
    /// what is wrong and where the options are listed.
    static func parse(
        _ arguments: [String], table: [OptionSpec], command: String, err: ReportOutput
    ) -> ParsedArguments? {
        do {
            return try parse(arguments, table: table)
        } catch {
            err.write("error: \(error.message)\nRun '\(command) --help' for the options.\n")
            return nil
        }
    }

    static func parse(_ arguments: [String], table: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var first: UsageError?
        let parsed = scan(arguments, table: table) { error in if first == nil { first = error } }
        if let first { throw first }
        return parsed
    }

    /// What `arguments` ask, read past what is wrong with them: each argument that is wrong is
    /// handed to `wrong` and left out (an unknown option is taken for one without a value).
    /// A command whose arguments do not parse reads from it the report places it must clear.
    static func scan(_ arguments: [String], table: [OptionSpec], wrong: (UsageError) -> Void) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var name = argument
            var inline: String?
            let short: (name: String, inline: String?)?
            do {
                short = onlyPositionals ? nil : try CucumberHabits.long(for: argument, in: table)
            } catch {
                wrong(error)
                continue
            }
            if let short {
                (name, inline) = short
            } else {
                guard !onlyPositionals, argument.hasPrefix("--") else {
                    parsed.positionals.append(argument)
                    continue
                }
                if argument == "--" {
                    onlyPositionals = true
                    continue
                }
                if CucumberHabits.accepted.contains(argument) { continue }
                if let equals = argument.firstIndex(of: "=") {
                    name = String(argument[..<equals])
                    inline = String(argument[argument.index(after: equals)...])
                }
                if let advice = CucumberHabits.refused[name] {
                    wrong(UsageError(message: "unknown option '\(name)': \(advice)"))
                    continue
                }
            }
            guard let spec = table.first(where: { $0.name == name }) else {
                var message = "unknown option '\(name)'"
                if let suggestion = suggestion(for: name, among: table.map(\.name)) {
                    message += ". Did you mean '\(suggestion)'?"
                }
                wrong(UsageError(message: message))
                continue
            }
            guard spec.value != nil else {
                // `=true` or `=false` turns a switch on or off, over what specs.json says.
                switch inline {
                case nil, "true":
                    parsed.flags.insert(name)
                    parsed.flagsOff.remove(name)
                case "false":
                    parsed.flags.remove(name)
                    parsed.flagsOff.insert(name)
                default:
                    wrong(UsageError(message: "option '\(name)' takes no value (or =true, =false)"))
                }
                continue
            }
            if let inline {
                parsed.values[name, default: []].append(inline)
            } else if index < arguments.count, !onlyPositionals, let option = Self.option(arguments[index], in: table) {
                // `--timeout --format junit:J` (a CI variable left empty): the value is missing,
                // and the option after it is read as the option it is.
                wrong(
                    UsageError(
                        message: "option '\(name)' needs a value <\(spec.value ?? "value")>, and '\(option)' after it "
                            + "is an option (is a variable that should give the value empty?)"))
            } else if index < arguments.count {
                parsed.values[name, default: []].append(arguments[index])
                index += 1
            } else {
                wrong(UsageError(message: "option '\(name)' needs a value <\(spec.value ?? "value")>"))
            }
        }
        return parsed
    }

    /// The long option of `table` that `argument` names (`--format`, `--format=junit:J`), if any.
    private static func option(_ argument: String, in table: [OptionSpec]) -> String? {
        guard argument.hasPrefix("--") else { return nil }
        let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
        return table.contains { $0.name == name } ? name : nil
    }

    /// The closest known option, when it is close enough to be a typo.
    static func suggestion(for name: String, among names: [String]) -> String? {
        EditDistance.nearest(name, among: names)
    }

}
