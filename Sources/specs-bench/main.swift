import Foundation
import Gherkin
import SpecsCommand
import SpecsRunner

// specs-bench: the benchmark driver.
//   specs-bench <corpus-dir> [specs options...]   runs <corpus-dir>/features exactly as
//       `specs` would, with one trivially passing step definition per pattern of
//       <corpus-dir>/step_patterns.json (the never-matching extras included).
//   specs-bench parse <dir>                       parses and compiles every .feature
//       below <dir> one file at a time and prints throughput and peak memory.
//   specs-bench allocation-floor <dir>            counts the heap objects of the documents
//       and pickles of <dir> and times allocating and freeing as many buffers.
//   specs-bench write-floor <ndjson> [runs]       times writing a saved message stream
//       alone, one write(2) per line and buffered: the floor of a `message:` run.

let arguments = Array(CommandLine.arguments.dropFirst())
guard let first = arguments.first else {
    FileHandle.standardError.write(Data("usage: specs-bench <corpus-dir> [specs options...] | specs-bench parse|allocation-floor <dir> | specs-bench write-floor <ndjson>\n".utf8))
    exit(2)
}
if first == "parse" {
    exit(ParseBenchmark.run(directory: arguments.count > 1 ? arguments[1] : "."))
}
if first == "allocation-floor", arguments.count > 1 {
    exit(AllocationFloor.run(directory: arguments[1]))
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
