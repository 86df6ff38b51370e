import Foundation
import SpecsReporting
import SpecsRunner

/// The arguments of a run with `specs.json` (`ProjectConfiguration`): the options of its
/// defaults and of the profile `--profile` names, then the command line's, which win: an
/// option the command line gives replaces the file's (all of its values, for an option
/// given several times), and paths on the command line replace the file's `paths`.
enum ProfileArguments {
    /// The options a file may set: every run option but those that only ask for help.
    static let settable = OptionTable.run.filter {
        ![.help, .version, .i18nLanguages, .i18nKeywords, .profile].contains($0.option)
    }

    static func arguments(_ commandLine: [String], configuration: ProjectConfiguration?) throws(UsageError) -> [String]
    {
        let profile = Self.profile(in: commandLine)
        guard let configuration else {
            if let profile {
                throw UsageError(
                    message: "error: --profile \(profile): there is no \(ProjectConfiguration.fileName) here")
            }
            return commandLine
        }
        let options: [String: ProjectConfiguration.Value]
        do { options = try configuration.options(profile: profile) } catch { throw UsageError(message: "\(error)") }
        // A command line that does not parse is told so later, as without a file.
        guard let line = try? ArgumentParser.parse(commandLine, table: OptionTable.run) else { return commandLine }
        let given = line.flags.union(line.values.keys)
        let hasPaths = !line.positionals.isEmpty
        var arguments: [String] = []
        for (name, value) in options.sorted(by: { $0.key < $1.key }) {
            if name == "paths" {
                guard case .values(let paths) = value else {
                    throw UsageError(message: "\(configuration.path): error: 'paths' takes a list of paths")
                }
                if !hasPaths { arguments += paths }
                continue
            }
            guard let spec = settable.first(where: { $0.name == "--" + name }) else {
                let known = settable.map { String($0.name.dropFirst(2)) } + ["paths"]
                throw UsageError(
                    message: "\(configuration.path): error: unknown option '\(name)'"
                        + ProjectConfiguration.nearest(name, among: known))
            }
            guard !given.contains(spec.name) else { continue }
            switch (value, spec.value) {
            case (.flag(let on), nil): if on { arguments.append(spec.name) }
            case (.values(let values), .some): for text in values { arguments += [spec.name, text] }
            case (.flag, .some):
                throw UsageError(
                    message:
                        "\(configuration.path): error: '\(name)' takes a value <\(spec.value ?? "")>, not true or false"
                )
            case (.values, nil):
                throw UsageError(message: "\(configuration.path): error: '\(name)' is a switch: give it true or false")
            }
        }
        try checkNumbers(arguments, of: configuration)
        return arguments + commandLine
    }

    /// The numbers, tag expressions and name patterns the file gives (those the command line
    /// does not replace), read as the command line's are, so that one out of range or that
    /// does not parse is an error naming the file.
    private static func checkNumbers(_ arguments: [String], of configuration: ProjectConfiguration) throws(UsageError) {
        let checked = Set([Option.timeout, .retry, .parallel, .order, .shard, .tags, .name].map(\.name))
        guard var parsed = try? ArgumentParser.parse(arguments, table: OptionTable.run) else { return }
        parsed.values = parsed.values.filter { checked.contains($0.key) }
        parsed.flags = []
        let none = ReportOutput(handle: .nullDevice)
        do { _ = try RunCommand(parsed: parsed, out: none, err: none).runOptions() } catch {
            throw UsageError(message: "\(configuration.path): error: \(error)")
        }
    }

    /// The profile the command line names (`--profile NAME`, `--profile=NAME`, `-p NAME`, `-pNAME`).
    static func profile(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == Option.profile.name || argument == "-p", index + 1 < arguments.count {
                return arguments[index + 1]
            }
            if argument.hasPrefix(Option.profile.name + "=") {
                return String(argument.dropFirst(Option.profile.name.count + 1))
            }
            if argument.hasPrefix("-p"), argument.count > 2 { return String(argument.dropFirst(2)) }
        }
        return nil
    }
}
