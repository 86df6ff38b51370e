import Foundation
import SpecsReporting
import SpecsRunner
import Traceability

/// Reads the traceability options: where the tests are, their results, the minimum coverage.
struct TraceabilityOptions {
    let context: TraceabilityContext
    let minimumCoverage: Double?
    /// Whether test results or the table itself were asked for (so the terminal table is wanted).
    let requested: Bool
    /// Things worth knowing about the inputs: an xUnit file with no test results.
    let warnings: [String]

    /// A results file's bytes, or a usage error naming the option, why, and how to make the file.
    /// The folder of `path` as written (`.` when it names none).
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func contents(of path: String, option: String, recipe: String) throws(UsageError) -> Data {
        guard let data = InputFile.contents(atPath: path) else {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "cannot read '\(path)'" : "'\(path)' does not exist"
            throw UsageError(message: "\(option): \(reason). \(recipe)")
        }
        return data
    }

    init(_ parsed: ParsedArguments) throws {
        let inventory: @Sendable () -> TestInventory
        if let list = parsed.value(.testList) {
            guard let data = InputFile.contents(atPath: list), let text = String(data: data, encoding: .utf8) else {
                throw UsageError(message: "--test-list: cannot read '\(list)'")
            }
            inventory = { TestInventory.parse(testList: text) }
        } else {
            let directory = parsed.value(.testsDir) ?? "Tests"
            var isDirectory: ObjCBool = false
            if parsed.value(.testsDir) != nil,
                !(FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue)
            {
                throw UsageError(message: "--tests-dir: '\(directory)' is not a directory")
            }
            // Scanned when a report is first built, not by runs that report no traceability:
            // from the directory the run started in, whatever a step or hook did to it since.
            let folder = WorkingDirectory.absolute(directory)
            inventory = { TestInventory.scan(directory: folder) }
        }
        var results: TestResults?
        var warnings: [String] = []
        for path in parsed.all(.xunit) {
            let data = try Self.contents(
                of: path, option: "--xunit",
                recipe: "On Linux, `swift test --xunit-output` writes XCTest results only "
                    + "with --parallel: run `swift test --parallel --xunit-output \(path)`.")
            var merged = results ?? TestResults()
            let count: Int
            do { count = try merged.merge(xunit: data) } catch {
                throw UsageError(message: "--xunit \(path): \(error)")
            }
            if count == 0 {
                warnings.append(
                    "--xunit \(path) holds no test results. On Linux, `swift test --xunit-output` writes XCTest "
                        + "results only with --parallel: run `swift test --parallel --xunit-output \(path)`.")
            }
            results = merged
        }
        for path in parsed.all(.testOutput) {
            let data = try Self.contents(
                of: path, option: "--test-output",
                recipe: "Keep what `swift test` prints (its folder made first: `tee` opens the file before "
                    + "`swift test` runs): `mkdir -p \(Self.folder(of: path)) && swift test --parallel --verbose "
                    + "--xunit-output \(Self.folder(of: path))/xunit.xml 2>&1 | tee \(path)`.")
            var merged = results ?? TestResults()
            if merged.merge(testOutput: String(decoding: data, as: UTF8.self)) == 0 {
                warnings.append(
                    "--test-output \(path) holds no test results (no `Test Case '…' passed` or `✔ Test …() passed` line): "
                        + "is it what `swift test` printed?")
            }
            results = merged
        }
        var minimum: Double?
        if let text = parsed.value(.minCoverage) {
            guard let value = Double(text.hasSuffix("%") ? String(text.dropLast()) : text), (0...100).contains(value)
            else {
                throw UsageError(message: "--min-coverage takes a percentage from 0 to 100, not '\(text)'")
            }
            minimum = value
            guard results != nil else {
                throw UsageError(
                    message:
                        "--min-coverage needs the linked tests' results: run `swift test --parallel --verbose --xunit-output "
                        + "reports/xunit.xml 2>&1 | tee reports/swift-test.log` and pass --xunit reports/xunit.xml "
                        + "--xunit reports/xunit-swift-testing.xml --test-output reports/swift-test.log")
            }
        }
        context = TraceabilityContext(inventory: inventory(), results: results)
        minimumCoverage = minimum
        if let language = parsed.value(.reportLanguage),
            !HTMLFormatter.labelLanguages.contains(where: { language.hasPrefix($0) })
        {
            warnings.append(
                "--report-language \(language): the report's labels exist in "
                    + HTMLFormatter.labelLanguages.joined(separator: " and ") + " only; it is written in English")
        }
        if let history = parsed.value(.history) {
            let formats = parsed.all(.format).map { FormatRequest($0).name }
            if !formats.contains("html") {
                warnings.append(
                    "--history \(history): the run's record is kept by the HTML report, and none is asked for: add "
                        + "--format html:FILE (this run is not recorded)")
            } else if parsed.has(.dryRun) {
                warnings.append("--history \(history): a dry run has no results, so it is not recorded")
            }
        }
        requested = minimum != nil || results != nil
        self.warnings = warnings
    }
}
