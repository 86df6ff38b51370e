import Foundation
import Gherkin
import SpecsCommand
import SpecsRunner

// specs-bench: the benchmark driver.
//   specs-bench <corpus-dir> [specs options...]   runs <corpus-dir>/features exactly as
//       `specs` would, with one trivially passing step definition per pattern of
//       <corpus-dir>/step_patterns.json (the never-matching extras included).
//   specs-bench parse [--read] <dir>              parses and compiles every .feature
//       below <dir> one file at a time and prints throughput and peak memory; with
//       --read, every pickle's text is also read as strings, as a run reads it.
//   specs-bench write-floor <ndjson> [runs]       times writing a saved message stream
//       alone, one write(2) per line and buffered: the floor of a `message:` run.

let arguments = Array(CommandLine.arguments.dropFirst())
guard let first = arguments.first else {
    FileHandle.standardError.write(
        Data(
            "usage: specs-bench <corpus-dir> [specs options...] | specs-bench parse [--read] <dir> | specs-bench write-floor <ndjson>\n"
                .utf8))
    exit(2)
}
if first == "parse" {
    let readText = arguments.contains("--read")
    let directory = arguments.dropFirst().first { $0 != "--read" } ?? "."
    exit(ParseBenchmark.run(directory: directory, readText: readText))
}
if first == "write-floor", arguments.count > 1 {
    exit(WriteFloor.run(stream: arguments[1], runs: arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5))
}
do {
    let registry = try BenchSteps.registry(patternsFile: first + "/step_patterns.json")
    exit(await SpecsCommand.main(arguments: [first + "/features"] + arguments.dropFirst(), registry: registry))
} catch {
    FileHandle.standardError.write(Data("specs-bench: \(error)\n".utf8))
    exit(2)
}
