import Foundation
import SpecsReporting
import SpecsRunner

/// The arguments of a run with `specs.json` (`ProjectConfiguration`): the options of its
/// defaults and of the profile `--profile` names, then the command line's, which win: an
/// option the command line gives replaces the file's (all of its values, for an option
/// given several times), and paths on the command line replace the file's `paths`.
package enum ProfileArguments {
    /// The options a file may set: every run option but those that only ask for help.
    static let settable = OptionTable.run.filter {
        ![.help, .version, .i18nLanguages, .i18nKeywords, .profile].contains($0.option)
    }

    static func arguments(_ commandLine: [String], configuration: ProjectConfiguration?) throws(UsageError) -> [String]
    {
        let profile = Self.profile(in: commandLine)
        // A second profile would be read past without a word (Cucumber merges them): one is taken.
        let named = Self.profiles(in: commandLine)
        if Set(named).count > 1 {
            throw UsageError(
                message: "error: --profile is given \(named.count) times ("
                    + named.map { "'\($0)'" }.joined(separator: ", ")
                    + "): a run takes one profile; make one that sets what both do")
        }
        guard let configuration else {
            if let profile {
                throw UsageError(
                    message: "error: --profile \(profile): there is no \(ProjectConfiguration.fileName) here")
            }
            return commandLine
        }
        let options: [String: ProjectConfiguration.Value]
        do { options = try configuration.options(profile: profile) } catch { throw UsageError(message: "\(error)") }
        // A command line that does not parse is told so later, as without a file; the file's
        // options are still added, read past the mistake, so that the reports it names are
        // known to the command that ends on it (`StaleReports`).
        let line = ArgumentParser.scan(commandLine, table: OptionTable.run) { _ in }
        let given = line.flags.union(line.values.keys).union(line.flagsOff)
        let hasPaths = !line.positionals.isEmpty
        var arguments: [String] = []
        // An error about an option is placed at its key in the file.
        func error(_ message: String, at name: String) -> UsageError {
            UsageError(
                message: "\(configuration.error(message, at: configuration.keyPath(ofOption: name, profile: profile)))")
        }
        for (name, value) in options.sorted(by: { $0.key < $1.key }) {
            if let message = kindProblem(name, value) { throw error(message, at: name) }
            if name == "paths" {
                if !hasPaths, case .values(let paths) = value { arguments += paths }
                continue
            }
            guard let spec = settable.first(where: { $0.name == "--" + name }), !given.contains(spec.name) else {
                continue
            }
            switch value {
            case .flag(let on): if on { arguments.append(spec.name) }
            case .values(let values): for text in values { arguments += [spec.name, text] }
            }
        }
        // A mistake in a profile this run does not use is told now, not first in the CI that uses it.
        for (name, profileOptions) in configuration.profiles.sorted(by: { $0.key < $1.key }) where name != profile {
            func error(_ message: String, at option: String) -> UsageError {
                UsageError(message: "\(configuration.error(message, at: ["profiles", name, option]))")
            }
            var profileArguments: [String] = []
            for (option, value) in profileOptions.sorted(by: { $0.key < $1.key }) {
                if let message = kindProblem(option, value) { throw error(message, at: option) }
                guard let spec = settable.first(where: { $0.name == "--" + option }) else { continue }
                switch value {
                case .flag(let on): if on { profileArguments.append(spec.name) }
                case .values(let values): for text in values { profileArguments += [spec.name, text] }
                }
            }
            if let (option, message) = problem(of: profileArguments) { throw error(message, at: option) }
        }
        if let (name, message) = problem(of: arguments) { throw error(message, at: name) }
        return arguments + commandLine
    }

    /// What is wrong with the option `name` of the file set to `value`: an option no file may
    /// set (named with the nearest that it may), or a value of the wrong kind; nil when none.
    private static func kindProblem(_ name: String, _ value: ProjectConfiguration.Value) -> String? {
        if name == "paths" {
            guard case .values = value else { return "'paths' takes a list of paths" }
            return nil
        }
        guard let spec = settable.first(where: { $0.name == "--" + name }) else {
            let known = settable.map { String($0.name.dropFirst(2)) } + ["paths"]
            return "unknown option '\(name)'" + ProjectConfiguration.nearest(name, among: known)
        }
        switch (value, spec.value) {
        case (.flag, nil), (.values, .some): return nil
        case (.flag, .some): return "'\(name)' takes a value <\(spec.value ?? "")>, not true or false"
        case (.values, nil): return "'\(name)' is a switch: give it true or false"
        }
    }

    /// The first of the numbers, tag expressions and name patterns the file gives (those the
    /// command line does not replace) that is out of range or does not parse, read as the
    /// command line's are: the option's name in the file, and what is wrong.
    private static func problem(of arguments: [String]) -> (option: String, message: String)? {
        let checked = Set([Option.timeout, .retry, .parallel, .order, .shard, .tags, .name].map(\.name))
        guard let parsed = try? ArgumentParser.parse(arguments, table: OptionTable.run) else { return nil }
        do { try RunCommand.check(parsed.all(.format).map(FormatRequest.init)) } catch {
            return (String(Option.format.name.dropFirst(2)), "\(error)")
        }
        let values = parsed.values.filter { checked.contains($0.key) }
        func problem(_ values: [String: [String]]) -> String? {
            var only = parsed
            only.values = values
            only.flags = []
            let none = ReportOutput(handle: .nullDevice)
            do { _ = try RunCommand(parsed: only, out: none, err: none).runOptions() } catch { return "\(error)" }
            return nil
        }
        guard let together = problem(values) else { return nil }
        // The first option that is wrong on its own, told with its own message at its own key.
        for option in values.keys.sorted() {
            if let message = problem([option: values[option] ?? []]) { return (String(option.dropFirst(2)), message) }
        }
        return ("", together)
    }

    /// The `--format` arguments of the file's options (its defaults, with the profile's when
    /// it has the one named) when the command line names no format: what a command that ends
    /// on an error in the file reads for the report places it must clear (`StaleReports`).
    static func formatArguments(_ commandLine: [String], configuration: ProjectConfiguration?) -> [String] {
        guard let configuration,
            !ArgumentParser.scan(commandLine, table: OptionTable.run, wrong: { _ in }).values.keys.contains(
                Option.format.name),
            let options = (try? configuration.options(profile: profile(in: commandLine)))
                ?? (try? configuration.options(profile: nil)),
            case .values(let formats) = options["format"]
        else { return [] }
        return formats.flatMap { [Option.format.name, $0] }
    }

    /// The tags of the file's options (its defaults, with the profile's) that `--tags` of
    /// nothing but spaces on the command line (and no other) replaces: that selects every scenario, and a CI
    /// variable left empty (`--tags "$TAGS"`) would otherwise widen the run without a word.
    static func tagsReplacedByNothing(_ commandLine: [String], configuration: ProjectConfiguration?) -> String? {
        let line = ArgumentParser.scan(commandLine, table: OptionTable.run, wrong: { _ in })
        guard let given = line.values[Option.tags.name], given.allSatisfy({ $0.allSatisfy(\.isWhitespace) }),
            let configuration, let options = try? configuration.options(profile: profile(in: commandLine)),
            case .values(let tags) = options["tags"], !tags.isEmpty
        else { return nil }
        return tags.joined(separator: " and ")
    }

    /// Where a run's tags come from, as its messages name them: `--tags` when the command line
    /// gives them, else the tags of specs.json (of the profile named) when it has some.
    static func tagsOrigin(_ commandLine: [String], configuration: ProjectConfiguration?) -> String {
        let line = ArgumentParser.scan(commandLine, table: OptionTable.run, wrong: { _ in })
        let profile = profile(in: commandLine)
        guard line.values[Option.tags.name] == nil, let configuration,
            let options = try? configuration.options(profile: profile), options["tags"] != nil
        else { return Option.tags.name }
        return "the tags of " + configurationPlace(profile: profile)
    }

    /// specs.json, or the profile of it named: `specs.json's profile 'ci'`.
    static func configurationPlace(profile: String?) -> String {
        let file = ProjectConfiguration.fileName
        return profile.map { "\(file)'s profile '\($0)'" } ?? file
    }

    /// The profile the command line names (`--profile NAME`, `--profile=NAME`, `-p NAME`, `-pNAME`).
    static func profile(in arguments: [String]) -> String? {
        profiles(in: arguments).first
    }

    /// Every profile the command line names, in order.
    static func profiles(in arguments: [String]) -> [String] {
        var named: [String] = []
        for (index, argument) in arguments.enumerated() {
            if argument == Option.profile.name || argument == "-p", index + 1 < arguments.count {
                named.append(arguments[index + 1])
            } else if argument.hasPrefix(Option.profile.name + "=") {
                named.append(String(argument.dropFirst(Option.profile.name.count + 1)))
            } else if argument.hasPrefix("-p"), !argument.hasPrefix("--"), argument.count > 2 {
                named.append(String(argument.dropFirst(2)))
            }
        }
        return named
    }
}

extension ProfileArguments {
    /// What `specs.json` (in `directory`) gives a run of the scenario tests, with the profile
    /// named: its tag expression (nil without one) and its step timeout.
    package struct ConfiguredRun: Sendable {
        package var tags: String?
        package var stepTimeout: Double
    }

    /// The file read as strictly as a run reads it: an unknown option, a value out of range or
    /// a profile that does not exist is an error placed in the file. Nil without a file. The
    /// generated scenario tests select and time their scenarios by it.
    package static func configuredRun(profile: String?, directory: String) throws -> ConfiguredRun? {
        guard let configuration = try ProjectConfiguration.load(directory: directory) else {
            if let profile {
                throw UsageError(message: "profile '\(profile)': there is no \(ProjectConfiguration.fileName) here")
            }
            return nil
        }
        let arguments = try arguments(profile.map { ["--profile", $0] } ?? [], configuration: configuration)
        let parsed = try ArgumentParser.parse(arguments, table: OptionTable.run)
        let none = ReportOutput(handle: .nullDevice)
        let options = try RunCommand(parsed: parsed, out: none, err: none).runOptions()
        // The tags as the run combined them (several select what every one of them selects).
        return ConfiguredRun(tags: options.tagsAsWritten, stepTimeout: options.stepTimeout)
    }

    /// The tag expression of `configuredRun`.
    package static func configuredTags(profile: String?, directory: String) throws -> String? {
        try configuredRun(profile: profile, directory: directory)?.tags
    }
}
