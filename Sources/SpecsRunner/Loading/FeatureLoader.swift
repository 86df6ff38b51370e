import Foundation
import Gherkin
import Messages

/// A feature file as loaded: its source, and its document and pickles or its errors.
package struct LoadedFeature: Sendable {
    /// The file's text and path, as the `source` message carries it.
    package let source: Source
    /// The parsed document; nil when the file does not parse.
    package let document: GherkinDocument?
    /// The scenarios (an outline's example rows each one) ready to run.
    package let pickles: [Pickle]
    /// Why the file does not parse, each at its line and column.
    package let errors: [ParseError]
    /// The lines asked for with `file.feature:LINE`; empty for the whole file.
    package let lines: Set<Int>
    /// The lines a rerun file named (`FeaturePath.exactLines`).
    package let exactLines: Set<Int>
    /// Every line asked for (`FeaturePath.askedLines`), the whole file asked for too or not:
    /// each must select a scenario.
    package let askedLines: Set<Int>

    /// A feature as loaded, with the lines asked for (`lines`, empty for the whole file).
    package init(
        source: Source, document: GherkinDocument?, pickles: [Pickle], errors: [ParseError], lines: Set<Int> = [],
        exactLines: Set<Int> = [], askedLines: Set<Int>? = nil
    ) {
        self.source = source
        self.document = document
        self.pickles = pickles
        self.errors = errors
        self.lines = lines
        self.exactLines = exactLines
        self.askedLines = askedLines ?? lines
    }

    /// The ids of the pickles a rerun file named: they run whatever the tag and name selection.
    package var picklesNamedByARerunFile: Set<String> {
        guard !exactLines.isEmpty, let document else { return [] }
        let selects = LineSelection(document: document, lastLine: source.data.utf8.count { $0 == 0x0A } + 1)
            .selector(lines: exactLines)
        return Set(pickles.filter(selects).map(\.id))
    }

    /// The pickles the line filter selects.
    package var selectedPickles: [Pickle] {
        guard !lines.isEmpty, let document else { return pickles }
        let selects = LineSelection(document: document, lastLine: source.data.utf8.count { $0 == 0x0A } + 1)
            .selector(lines: lines)
        return pickles.filter(selects)
    }

    /// The lines of `lines` that select none of the file's pickles (in order): each a mistake of
    /// the selection, told at its place. Read once for all of them, however many a rerun file lists.
    package func linesSelectingNothing(_ lines: Set<Int>) -> [Int] {
        // Most files are named whole: nothing to index.
        guard !lines.isEmpty else { return [] }
        guard let document else { return lines.sorted() }
        return LineSelection(document: document, lastLine: source.data.utf8.count { $0 == 0x0A } + 1)
            .linesSelectingNothing(lines, of: pickles)
    }
}

/// A path argument: `features/`, `login.feature` or `login.feature:12:30`.
package struct FeaturePath: Sendable, Hashable {
    /// The file or folder, as named (reports and streams know a scenario by it).
    package let path: String
    /// Where the file is read: `path` from the directory the run started in, so that a step
    /// or hook that changes the working directory (a server started in its folder) loses no file.
    package let file: String
    /// The lines asked for after it; empty for the whole file.
    package let lines: Set<Int>
    /// Those of `lines` a rerun file named (`@FILE`): the scenarios there run whatever the
    /// tag and name selection, as the run that wrote the file selected them.
    package private(set) var exactLines: Set<Int> = []
    /// Every line an argument asked for, kept when another argument asks for the whole file
    /// (`login.feature login.feature:999`): a line that selects nothing is an error either way.
    package private(set) var askedLines: Set<Int> = []

    /// The path and lines of an argument: `login.feature:12:30` is lines 12 and 30 of `login.feature`.
    /// A line is digits alone (no sign) that fit a whole number: `:-5` or `:99999999999999999999`
    /// is part of the path, which then names no file.
    package init(argument: String) {
        var parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var lines: Set<Int> = []
        while parts.count > 1, let last = parts.last, last.allSatisfy({ $0.isASCII && $0.isNumber }),
            let line = Int(last)
        {
            lines.insert(line)
            parts.removeLast()
        }
        // `./Features` is `Features`: scenarios are known by their path in every report and
        // stream, and shards named either way must merge.
        var path = parts.joined(separator: ":")
        while path.hasPrefix("./") && path.contains(where: { $0 != "." && $0 != "/" }) {
            path.removeFirst(2)
            while path.hasPrefix("/") { path.removeFirst() }
        }
        self.path = path
        file = WorkingDirectory.absolute(path)
        self.lines = lines
        askedLines = lines
    }

    init(path: String, lines: Set<Int>, exactLines: Set<Int> = [], askedLines: Set<Int>? = nil) {
        self.path = path
        file = WorkingDirectory.absolute(path)
        self.lines = lines
        self.exactLines = exactLines
        self.askedLines = askedLines ?? lines
    }

    /// This place as a rerun file names it: its lines are run whatever the selection.
    package var namedByARerunFile: FeaturePath {
        var place = self
        place.exactLines = lines
        return place
    }
}

/// Finds, reads and parses feature files. Problems are returned, never thrown, so
/// one bad file does not stop the others.
package enum FeatureLoader {
    /// A path that could not be used at all.
    package struct PathProblem: Error, Sendable, CustomStringConvertible {
        /// The path as given.
        package let path: String
        /// Why it cannot be used (`no such file or directory`).
        package let reason: String
        /// Whether the argument is misused (a line on a folder), rather than naming nothing
        /// usable: a run then stops before it starts.
        package var isMisuse = false
        /// `path: error: reason`.
        package var description: String { "\(path): error: \(reason)" }
    }

    /// The feature files below the given paths (directories recursively), sorted.
    package static func discover(_ paths: [FeaturePath]) -> (files: [FeaturePath], problems: [PathProblem]) {
        var files: [FeaturePath] = []
        var problems: [PathProblem] = []
        for entry in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: entry.path, isDirectory: &isDirectory) else {
                // A link there that leads nowhere, or links that lead to each other, is named so.
                var status = stat()
                let loops = stat(entry.path, &status) != 0 && errno == ELOOP
                let dangling = !loops && lstat(entry.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
                let reason =
                    loops
                    ? "a symbolic link loop: its links lead to each other"
                    : dangling
                        ? "a link to nothing"
                        : notUTF8(entry.path) ?? "no such file or directory" + otherCase(of: entry.path)
                problems.append(PathProblem(path: entry.path, reason: reason))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(entry)
                continue
            }
            // A line selects in one file: a folder's files each have their own line numbers.
            guard entry.lines.isEmpty else {
                let argument = ([entry.path] + entry.lines.sorted().map(String.init)).joined(separator: ":")
                problems.append(
                    PathProblem(
                        path: argument,
                        reason: "a line selects a scenario in a feature file, not in a folder: "
                            + "name the file (\(entry.path)/NAME.feature:LINE), or the folder alone",
                        isMisuse: true))
                continue
            }
            let base = entry.path.hasSuffix("/") ? String(entry.path.dropLast()) : entry.path
            var found: [String] = []
            var visited: Set<String> = []
            walk(base, found: &found, problems: &problems, visited: &visited)
            files += found.sorted().map { FeaturePath(path: $0, lines: []) }
        }
        let named = separatingUnnameable(mergingDuplicates(files))
        return (named.files, problems + named.problems)
    }

    /// Each file once, where it was first named: paths that name one file (`Features` and
    /// `Features/login.feature`, `./Features/login.feature`, a symbolic or hard link to it)
    /// are one, asking for the lines of both, or for the whole file if either does.
    static func mergingDuplicates(_ files: [FeaturePath]) -> [FeaturePath] {
        var keys: [String] = []
        var merged: [String: FeaturePath] = [:]
        for file in files {
            let key = canonical(file.path)
            guard let first = merged[key] else {
                keys.append(key)
                merged[key] = file
                continue
            }
            let lines = first.lines.isEmpty || file.lines.isEmpty ? [] : first.lines.union(file.lines)
            merged[key] = FeaturePath(
                path: first.path, lines: lines, exactLines: first.exactLines.union(file.exactLines),
                askedLines: first.askedLines.union(file.askedLines))
        }
        return keys.compactMap { merged[$0] }
    }

    /// The file a path names: its device and inode (one for every link to it), or the path
    /// with links and `.` and `..` resolved when it cannot be read.
    private static func canonical(_ path: String) -> String {
        if let identity = identity(of: path) { return identity }
        guard let resolved = realpath(path, nil) else { return URL(fileURLWithPath: path).standardizedFileURL.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The file `path` leads to, as its device and inode (the same through every link to it,
    /// and for a stream through every name of it, `/dev/stdin` included); nil when it cannot be
    /// read (`errno` says why).
    package static func identity(of path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(status.st_dev):\(status.st_ino)"
    }

    /// Collects the feature files below `directory`: unreadable folders are problems, not
    /// skipped; linked folders are followed, a link back to a folder on the way is a problem.
    private static func walk(
        _ directory: String, found: inout [String], problems: inout [PathProblem], visited: inout Set<String>
    ) {
        // A folder is the one it leads to: the same device and inode through every link.
        guard let identity = identity(of: directory) else {
            let reason =
                errno == ENAMETOOLONG
                ? "its path is longer than the system takes (\(directory.utf8.count) bytes)"
                : "cannot read the folder: " + FileReason.words(errno: errno)
            problems.append(PathProblem(path: directory, reason: reason))
            return
        }
        guard visited.insert(identity).inserted else {
            let real = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
            problems.append(PathProblem(path: directory, reason: "a symbolic link loop: it leads back to \(real)"))
            return
        }
        defer { visited.remove(identity) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            // The system's reason, as opening the folder gives it (`permission denied`).
            let folder = opendir(directory)
            let reason = folder == nil ? errno : 0
            if let folder { closedir(folder) }
            problems.append(
                PathProblem(
                    path: directory,
                    reason: OpenFileLimit.reached
                        ? "cannot read the folder: " + OpenFileLimit.reason(errno: EMFILE)
                        : reason != 0
                            ? "cannot read the folder: " + FileReason.words(errno: reason)
                            : "cannot read the folder (\((error as NSError).localizedDescription))"))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                var status = stat()
                if lstat(path, &status) != 0, errno == ENAMETOOLONG {
                    // A folder deeper than the system's paths reach: what it holds cannot be run.
                    problems.append(
                        PathProblem(
                            path: path, reason: "its path is longer than the system takes (\(path.utf8.count) bytes)"))
                } else if name.hasSuffix(".feature") {
                    // A link whose target is gone, or links that lead to each other.
                    let loops = stat(path, &status) != 0 && errno == ELOOP
                    let reason =
                        loops
                        ? "a symbolic link loop: its links lead to each other" : notUTF8(name) ?? "a link to nothing"
                    problems.append(PathProblem(path: path, reason: reason))
                }
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
    package static func load<Ids: IdGenerator>(_ files: [FeaturePath], ids: inout Ids) -> [LoadedFeature] {
        files.map { load($0, ids: &ids) }
    }

    /// Reads and parses one file: its errors, if it cannot be read or parsed, are in the result.
    package static func load<Ids: IdGenerator>(_ file: FeaturePath, ids: inout Ids) -> LoadedFeature {
        func failed(_ source: Source, _ errors: [ParseError]) -> LoadedFeature {
            LoadedFeature(
                source: source, document: nil, pickles: [], errors: errors, lines: file.lines,
                exactLines: file.exactLines, askedLines: file.askedLines)
        }
        // A FIFO, a socket or a device can be read once, and may block until a process writes
        // to it: a run reads a feature file before it starts and again when its scenarios come up.
        var status = stat()
        if stat(file.file, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG, (status.st_mode & S_IFMT) != S_IFDIR {
            return failed(
                Source(uri: file.path, data: ""),
                [
                    ParseError(
                        message: "is not a regular file (a FIFO, a socket or a device): a run reads a feature file "
                            + "before it starts and again when its scenarios come up",
                        location: Location(line: 1, column: nil))
                ])
        }
        let source: Source
        do {
            source = try readWaitingForADescriptor(file)
        } catch {
            let reason = OpenFileLimit.reached ? "cannot be read: " + OpenFileLimit.reason(errno: EMFILE) : error.reason
            return failed(
                Source(uri: file.path, data: ""),
                [ParseError(message: reason, location: Location(line: error.line ?? 1, column: error.column))])
        }
        do {
            let document = try Parser().parse(source.data, uri: source.uri, ids: &ids)
            let pickles = PickleCompiler().compile(document, uri: source.uri, ids: &ids)
            return LoadedFeature(
                source: source, document: document, pickles: pickles, errors: [], lines: file.lines,
                exactLines: file.exactLines, askedLines: file.askedLines)
        } catch {
            return failed(source, error.errors)
        }
    }
}
