import Foundation
import ScenarioTestGeneration

// specs-scenario-tests MODULE PACKAGE_ROOT OUTPUT_DIR FEATURE_FILE...
// Run by the ScenarioTests build plugin: writes Features.generated.swift and one Swift file
// per feature file into OUTPUT_DIR (named by OutputName), and removes the outputs of
// feature files that are gone.
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
    let generated = ScenarioTestGenerator(module: arguments[1]).generate(files)
    for file in generated {
        let url = output.appendingPathComponent(file.name)
        // An unchanged file is left alone, so that the compiler has nothing to redo.
        if (try? String(contentsOf: url, encoding: .utf8)) == file.contents { continue }
        try file.contents.write(to: url, atomically: true, encoding: .utf8)
    }
    let names = Set(generated.map(\.name))
    for stale in try FileManager.default.contentsOfDirectory(atPath: output.path)
    where stale.hasSuffix(".generated.swift") && !names.contains(stale) {
        try? FileManager.default.removeItem(at: output.appendingPathComponent(stale))
    }
} catch {
    FileHandle.standardError.write(Data("error: specs-scenario-tests: \(error.localizedDescription)\n".utf8))
    exit(1)
}
