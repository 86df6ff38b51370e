import Foundation
import Gherkin
import SpecsRunner

/// A run's path argument that is something else: a command of another tool's habit or a
/// misspelt one (`specs merge`, `specs reprot`), or a report named as a feature file
/// (`specs shard1.ndjson`). Read as a path, the first is "no such file" and the run goes on
/// with the rest (a merge's streams read as feature files: a parse error for every line); the
/// second is a parse error at every line. Each is told what it likely means, and the run stops.
enum PathLookalike {
    /// The words other tools (and habit) use for specs' commands.
    private static let habits: [String: String] = [
        "merge": "report", "combine": "report", "fmt": "format", "check": "lint", "parse": "gherkin",
        "server": "lsp", "language-server": "lsp",
    ]

    /// What is wrong with `path` as a run's path argument; nil when it may be one.
    static func problem(_ path: FeaturePath) -> String? {
        let name = path.path
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path.file, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue {
            let lowered = name.lowercased()
            if lowered.hasSuffix(".ndjson") || lowered.hasSuffix(".jsonl") {
                return "\(name): error: is a message stream, not a feature file: `specs report \(name) ...` "
                    + "reads message streams (and merges shards' streams into one verdict)"
            }
            return nil
        }
        guard !exists, path.lines.isEmpty, !name.isEmpty,
            name.allSatisfy({ $0.isLetter || $0 == "-" }), name.first?.isLetter == true
        else { return nil }
        let commands = SpecsCommand.Subcommand.allCases.map(\.rawValue)
        guard
            let meant = habits[name.lowercased()]
                ?? EditDistance.nearest(name.lowercased(), among: commands.filter { $0.count >= 4 })
        else { return nil }
        return "\(name): error: no such file or directory, and no command of specs: did you mean "
            + "`specs \(meant)`? (the commands are \(commands.joined(separator: ", ")); any other first "
            + "argument is a path to run)"
    }
}
