import Foundation
import PackagePlugin

/// Makes every scenario and example row of a test target's `.feature` files a Swift
/// Testing test. The feature files are the target's own (for instance a `Features`
/// folder, or a link to the package's `Features/`), so that adding, renaming or
/// deleting one is seen by the next build.
@main
struct ScenarioTestsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let features = module.sourceFiles(withSuffix: ".feature").map(\.url).sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "ScenarioTests")
        // The same names as ScenarioTestGenerator.fileNames(count:): one common file, one per feature file.
        let outputs = ["Features.generated.swift"] + features.indices.map { "Feature\($0 + 1).generated.swift" }
        return [
            .buildCommand(
                displayName: "Generating scenario tests for \(module.name) from \(features.count) feature file(s)",
                executable: try context.tool(named: "specs-scenario-tests").url,
                arguments: [module.name, context.package.directoryURL.path, output.path] + features.map(\.path),
                inputFiles: features,
                outputFiles: outputs.map { output.appending(path: $0) })
        ]
    }
}
