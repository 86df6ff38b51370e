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
        let features = module.sourceFiles(withSuffix: ".feature").map(\.url.path).sorted()
        let output = context.pluginWorkDirectoryURL.appending(path: "ScenarioTests")
        let outputs = [OutputName.common] + features.map(OutputName.forFeature(at:))
        // The step most often missed: without it every generated test fails to compile, none
        // of the errors saying what is missing.
        let givesSteps = module.sourceFiles(withSuffix: ".swift").contains { file in
            guard let text = try? String(contentsOf: file.url, encoding: .utf8) else { return true }
            return text.contains("ScenarioTests") && text.contains("registry")
        }
        if !givesSteps && !features.isEmpty {
            Diagnostics.warning(
                "\(module.name): no Swift file of this target gives the scenario tests their steps; add one holding "
                    + "`extension ScenarioTests { static let registry = YourSteps.registry() }` (without it the "
                    + "generated tests do not compile: \"type 'ScenarioTests' has no member 'registry'\")")
        }
        return [
            .buildCommand(
                displayName: "Generating scenario tests for \(module.name) from \(features.count) feature file(s)",
                executable: try context.tool(named: "specs-scenario-tests").url,
                arguments: [module.name, context.package.directoryURL.path, output.path] + features,
                inputFiles: features.map { URL(fileURLWithPath: $0) },
                outputFiles: outputs.map { output.appending(path: $0) })
        ]
    }
}

/// The generated files' names: a copy of `OutputName` in ScenarioTestGeneration (a plugin
/// cannot link a library), kept equal to it; the scenario tests of this package build
/// through this plugin, so a difference fails the build.
enum OutputName {
    static let common = "Features.generated.swift"

    static func forFeature(at path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.hasSuffix(".feature") ? String(file.dropLast(".feature".count)) : file
        let readable = String(stem.unicodeScalars.prefix(40).map { isPlain($0) ? Character($0) : "_" })
        return "\(readable)-\(hash(path)).generated.swift"
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
    }

    private static func hash(_ path: String) -> String {
        var value: UInt32 = 0x811C_9DC5
        for byte in path.utf8 {
            value ^= UInt32(byte)
            value = value &* 0x0100_0193
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
