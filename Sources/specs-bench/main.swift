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

let arguments = Array(CommandLine.arguments.dropFirst())
guard let first = arguments.first else {
    FileHandle.standardError.write(Data("usage: specs-bench <corpus-dir> [specs options...] | specs-bench parse <dir>\n".utf8))
    exit(2)
}
if first == "parse" {
    exit(ParseBenchmark.run(directory: arguments.count > 1 ? arguments[1] : "."))
}
do {
    let registry = try BenchSteps.registry(patternsFile: first + "/step_patterns.json")
    exit(await SpecsCommand.main(arguments: [first + "/features"] + arguments.dropFirst(), registry: registry))
} catch {
    FileHandle.standardError.write(Data("specs-bench: \(error)\n".utf8))
    exit(2)
}
