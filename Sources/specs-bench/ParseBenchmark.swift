import Foundation
import Gherkin
import Messages

/// Parses and compiles every feature file below a directory, one file at a time
/// (only the current file is held), and prints bytes, pickles, time and peak memory.
/// Documents and pickles keep their text as bytes and make strings when it is read:
/// with `readText`, every pickle's name, step texts and arguments are also read as
/// strings inside the timed region, as a run reads them.
enum ParseBenchmark {
    /// The `.feature` files below `directory`, sorted.
    static func featureFiles(below directory: String) -> [String] {
        var files: [String] = []
        if let enumerator = FileManager.default.enumerator(atPath: directory) {
            while let relative = enumerator.nextObject() as? String {
                if relative.hasSuffix(".feature") { files.append(directory + "/" + relative) }
            }
        }
        return files.sorted()
    }

    static func run(directory: String, readText: Bool = false) -> Int32 {
        let files = featureFiles(below: directory)
        var bytes = 0
        var pickles = 0
        var largest = 0
        var parseNanoseconds: UInt64 = 0
        var astNanoseconds: UInt64 = 0
        var errors = 0
        warmUp()
        for path in files {
            guard let source = try? SourceReader.read(path: path) else {
                errors += 1
                continue
            }
            let size = source.data.utf8.count
            bytes += size
            largest = max(largest, size)
            let start = DispatchTime.now().uptimeNanoseconds
            if let outcome = parseAndCompile(source.data, path: path, readText: readText) {
                astNanoseconds += outcome.parsed - start
                pickles += outcome.pickles
            } else {
                errors += 1
            }
            parseNanoseconds += DispatchTime.now().uptimeNanoseconds - start
        }
        let seconds = Double(parseNanoseconds) / 1e9
        var usage = rusage()
        // ru_maxrss is in kilobytes on Linux (bytes on macOS).
        #if os(Linux)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        print(
            String(
                format: "files %d  bytes %d  largest %d  pickles %d  errors %d", files.count, bytes, largest, pickles,
                errors))
        print(
            String(
                format: readText ? "parse %.3f s  pickle+read %.3f s" : "parse %.3f s  pickle %.3f s",
                Double(astNanoseconds) / 1e9, seconds - Double(astNanoseconds) / 1e9))
        let label = readText ? "parse+pickle+read" : "parse+pickle"
        print(
            label
                + String(
                    format: " %.3f s  %.1f MB/s  %.0f pickles/s  peak RSS %.1f MB",
                    seconds, Double(bytes) / 1e6 / seconds, Double(pickles) / seconds, Double(usage.ru_maxrss) / 1024))
        return errors == 0 ? 0 : 1
    }

    /// Builds the dialect and grammar tables, once per process, before anything is timed.
    private static func warmUp() {
        var ids = IncrementingIdGenerator()
        _ = try? Parser().parse("Feature: warm-up\n", uri: "warm-up", ids: &ids)
    }

    // The timed region, in functions of their own so that `Scripts/bench-instructions.sh`
    // can count the instructions of each (callgrind's --toggle-collect).

    /// Parses and compiles one source and frees the results: the pickles' count, and
    /// when parsing ended; nil when the source has errors.
    @inline(never)
    static func parseAndCompile(_ text: String, path: String, readText: Bool = false) -> (pickles: Int, parsed: UInt64)?
    {
        var ids = IncrementingIdGenerator()
        guard let document = parse(text, path: path, ids: &ids) else { return nil }
        let parsed = DispatchTime.now().uptimeNanoseconds
        let pickles = compile(document, path: path, ids: &ids)
        if readText { blackHole(read(pickles)) }
        return (pickles.count, parsed)
    }

    @inline(never)
    static func parse(_ text: String, path: String, ids: inout IncrementingIdGenerator) -> GherkinDocument? {
        try? Parser().parse(text, uri: path, ids: &ids)
    }

    @inline(never)
    static func compile(_ document: GherkinDocument, path: String, ids: inout IncrementingIdGenerator) -> [Pickle] {
        PickleCompiler().compile(document, uri: path, ids: &ids)
    }

    /// Reads what a run reads of each pickle as strings: its name and tags, each step's
    /// text and argument. The total length, so that nothing is optimised away.
    @inline(never)
    static func read(_ pickles: [Pickle]) -> Int {
        var length = 0
        for pickle in pickles {
            length &+= pickle.name.utf8.count &+ pickle.id.utf8.count
            for tag in pickle.tags { length &+= tag.name.utf8.count }
            for step in pickle.steps {
                length &+= step.text.utf8.count &+ step.id.utf8.count
                if let argument = step.argument {
                    length &+= argument.docString?.content.utf8.count ?? 0
                    for row in argument.dataTable?.rows ?? [] {
                        for cell in row.cells { length &+= cell.value.utf8.count }
                    }
                }
            }
        }
        return length
    }

    @inline(never)
    static func blackHole(_ value: Int) { if value == -1 { print(value) } }
}
