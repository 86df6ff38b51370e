import SpecsRunner

/// A file a run reads, which no report of the run may overwrite, with what it is to the run.
struct RunInput {
    let path: String
    /// What the file is, for the error naming it: `a feature file of this run`.
    let role: String

    /// The feature files of a run, `specs.json` when there is one, and the files of `--xunit`,
    /// `--test-output` and `--test-list`. (A rerun file and `--shard-durations` are read
    /// before the run and may be rewritten by it: `specs @rerun.txt --format rerun:rerun.txt`.)
    static func all(of parsed: ParsedArguments, features: [FeaturePath]) -> [RunInput] {
        features.map { RunInput(path: $0.path, role: "a feature file of this run") }
            + [RunInput(path: ProjectConfiguration.fileName, role: "the run's configuration")]
            + [Option.xunit, .testOutput, .testList].flatMap { option in
                parsed.all(option).map { RunInput(path: $0, role: "a file \(option.name) reads") }
            }
    }

    /// The message streams `specs report` reads.
    static func streams(_ paths: [String]) -> [RunInput] {
        paths.map { RunInput(path: $0, role: "a message stream specs report reads") }
    }
}
