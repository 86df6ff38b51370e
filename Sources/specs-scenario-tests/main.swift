import Foundation
import ScenarioTestGeneration

// specs-scenario-tests MODULE PACKAGE_ROOT OUTPUT_DIR FEATURE_FILE...
// Run by the ScenarioTests build plugin: writes ScenarioTests.swift and one Swift file
// per feature file into OUTPUT_DIR.
let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(
        Data("usage: specs-scenario-tests MODULE PACKAGE_ROOT OUTPUT_DIR FEATURE_FILE...\n".utf8))
    exit(2)
}
let files = arguments.dropFirst(4).map { FeatureFiles.input(path: $0, packageRoot: arguments[2]) }
let output = URL(fileURLWithPath: arguments[3])
do {
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    for file in ScenarioTestGenerator(module: arguments[1]).generate(files) {
        let url = output.appendingPathComponent(file.name)
        // An unchanged file is left alone, so that the compiler has nothing to redo.
        if (try? String(contentsOf: url, encoding: .utf8)) == file.contents { continue }
        try file.contents.write(to: url, atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("error: specs-scenario-tests: \(error.localizedDescription)\n".utf8))
    exit(1)
}
