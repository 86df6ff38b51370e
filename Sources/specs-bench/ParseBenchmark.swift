import Foundation
import Gherkin
import Messages

/// Parses and compiles every feature file below a directory, one file at a time
/// (only the current file is held), and prints bytes, pickles, time and peak memory.
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

    static func run(directory: String) -> Int32 {
        let files = featureFiles(below: directory)
        var bytes = 0
        var pickles = 0
        var largest = 0
        var parseNanoseconds: UInt64 = 0
        var astNanoseconds: UInt64 = 0
        var errors = 0
        warmUp()
        for path in files {
            guard let source = try? SourceReader.read(path: path) else { errors += 1; continue }
            let size = source.data.utf8.count
            bytes += size
            largest = max(largest, size)
            let start = DispatchTime.now().uptimeNanoseconds
            if let outcome = parseAndCompile(source.data, path: path) {
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
        print(String(format: "files %d  bytes %d  largest %d  pickles %d  errors %d", files.count, bytes, largest, pickles, errors))
        print(String(format: "parse %.3f s  pickle %.3f s", Double(astNanoseconds) / 1e9, seconds - Double(astNanoseconds) / 1e9))
        print(String(format: "parse+pickle %.3f s  %.1f MB/s  %.0f pickles/s  peak RSS %.1f MB",
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
    static func parseAndCompile(_ text: String, path: String) -> (pickles: Int, parsed: UInt64)? {
        var ids = IncrementingIdGenerator()
        guard let document = parse(text, path: path, ids: &ids) else { return nil }
        let parsed = DispatchTime.now().uptimeNanoseconds
        return (compile(document, path: path, ids: &ids), parsed)
    }

    @inline(never)
    static func parse(_ text: String, path: String, ids: inout IncrementingIdGenerator) -> GherkinDocument? {
        try? Parser().parse(text, uri: path, ids: &ids)
    }

    @inline(never)
    static func compile(_ document: GherkinDocument, path: String, ids: inout IncrementingIdGenerator) -> Int {
        PickleCompiler().compile(document, uri: path, ids: &ids).count
    }
}

