import Foundation
import Gherkin
import Messages

/// A feature file as loaded: its source, and its document and pickles or its errors.
public struct LoadedFeature: Sendable {
    public let source: Source
    public let document: GherkinDocument?
    public let pickles: [Pickle]
    public let errors: [ParseError]
    /// The lines asked for with `file.feature:LINE`; empty for the whole file.
    public let lines: Set<Int>

    public init(source: Source, document: GherkinDocument?, pickles: [Pickle], errors: [ParseError], lines: Set<Int> = []) {
        self.source = source
        self.document = document
        self.pickles = pickles
        self.errors = errors
        self.lines = lines
    }

    /// The pickles the line filter selects.
    public var selectedPickles: [Pickle] {
        guard !lines.isEmpty, let document else { return pickles }
        return pickles.filter { LineSelection(document: document).selects($0, lines: lines) }
    }
}

/// A path argument: `features/`, `login.feature` or `login.feature:12:30`.
public struct FeaturePath: Sendable, Hashable {
    public let path: String
    public let lines: Set<Int>

    public init(argument: String) {
        var parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var lines: Set<Int> = []
        while parts.count > 1, let line = Int(parts[parts.count - 1]) {
            lines.insert(line)
            parts.removeLast()
        }
        path = parts.joined(separator: ":")
        self.lines = lines
    }
}

/// Finds, reads and parses feature files. Problems are returned, never thrown, so
/// one bad file does not stop the others.
public enum FeatureLoader {
    /// A path that could not be used at all.
    public struct PathProblem: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): error: \(reason)" }
    }

    /// The feature files below the given paths (directories recursively), sorted.
    public static func discover(_ paths: [FeaturePath]) -> (files: [FeaturePath], problems: [PathProblem]) {
        var files: [FeaturePath] = []
        var problems: [PathProblem] = []
        for entry in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: entry.path, isDirectory: &isDirectory) else {
                problems.append(PathProblem(path: entry.path, reason: "no such file or directory"))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(entry)
                continue
            }
            let base = entry.path.hasSuffix("/") ? String(entry.path.dropLast()) : entry.path
            var found: [String] = []
            var visited: Set<String> = []
            walk(base, found: &found, problems: &problems, visited: &visited)
            files += found.sorted().map { FeaturePath(argument: $0) }
        }
        return (files, problems)
    }

    /// Collects the feature files below `directory`: unreadable folders are problems, not
    /// skipped; linked folders are followed, a link back to a folder on the way is a problem.
    private static func walk(_ directory: String, found: inout [String], problems: inout [PathProblem], visited: inout Set<String>) {
        let real = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        guard visited.insert(real).inserted else {
            problems.append(PathProblem(path: directory, reason: "a symbolic link loop: it leads back to \(real)"))
            return
        }
        defer { visited.remove(real) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            problems.append(PathProblem(path: directory, reason: "cannot read the folder (\((error as NSError).localizedDescription))"))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                if name.hasSuffix(".feature") { problems.append(PathProblem(path: path, reason: "a link to nothing")) }
                continue
            }
            if isDirectory.boolValue {
                walk(path, found: &found, problems: &problems, visited: &visited)
            } else if name.hasSuffix(".feature") {
                found.append(path)
            }
        }
    }

    /// Reads and parses each file; ids come from one generator for the whole run.
    public static func load<Ids: IdGenerator>(_ files: [FeaturePath], ids: inout Ids) -> [LoadedFeature] {
        files.map { load($0, ids: &ids) }
    }

    /// Reads and parses one file alone, its ids counting up from `firstId`.
    public static func load(_ file: FeaturePath, firstId: Int) -> LoadedFeature {
        var ids = IncrementingIdGenerator(startingAt: firstId)
        return load(file, ids: &ids)
    }

    /// Reads and parses one file: its errors, if it cannot be read or parsed, are in the result.
    public static func load<Ids: IdGenerator>(_ file: FeaturePath, ids: inout Ids) -> LoadedFeature {
        func failed(_ source: Source, _ errors: [ParseError]) -> LoadedFeature {
            LoadedFeature(source: source, document: nil, pickles: [], errors: errors, lines: file.lines)
        }
        let source: Source
        do {
            source = try SourceReader.read(path: file.path)
        } catch {
            return failed(Source(uri: file.path, data: ""), [ParseError(message: error.reason, location: Location(line: error.line ?? 1, column: error.column))])
        }
        do {
            let document = try Parser().parse(source.data, uri: source.uri, ids: &ids)
            let pickles = PickleCompiler().compile(document, uri: source.uri, ids: &ids)
            return LoadedFeature(source: source, document: document, pickles: pickles, errors: [], lines: file.lines)
        } catch {
            return failed(source, error.errors)
        }
    }
}

/// Which pickles a `:LINE` selects: the scenario's line selects all its pickles, an
/// examples line its rows, a row line its own pickle.
struct LineSelection {
    let document: GherkinDocument

    func selects(_ pickle: Pickle, lines: Set<Int>) -> Bool {
        if lines.contains(pickle.location.line) { return true }
        guard let scenario = scenario(id: pickle.astNodeIds.first) else { return false }
        if lines.contains(scenario.location.line) { return true }
        if pickle.astNodeIds.count > 1 {
            let rowId = pickle.astNodeIds[1]
            for examples in scenario.examples where examples.tableBody.contains(where: { $0.id == rowId }) {
                if lines.contains(examples.location.line) { return true }
            }
        }
        return false
    }

    private func scenario(id: String?) -> Scenario? {
        guard let id, let feature = document.feature else { return nil }
        return feature.scenariosWithRules.first { $0.scenario.id == id }?.scenario
    }
}
