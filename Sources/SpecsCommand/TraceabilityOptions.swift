import Foundation
import SpecsReporting
import Traceability

/// Reads the traceability options: where the tests are, their results, the minimum coverage.
struct TraceabilityOptions {
    let context: TraceabilityContext
    let minimumCoverage: Double?
    /// Whether any traceability option was given (so the terminal table is wanted).
    let requested: Bool

    init(_ parsed: ParsedArguments) throws {
        var inventory: TestInventory
        if let list = parsed.value("--test-list") {
            guard let text = try? String(contentsOfFile: list, encoding: .utf8) else {
                throw UsageError(message: "--test-list: cannot read '\(list)'")
            }
            inventory = TestInventory.parse(testList: text)
        } else {
            let directory = parsed.value("--tests-dir") ?? "Tests"
            var isDirectory: ObjCBool = false
            if parsed.value("--tests-dir") != nil, !(FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue) {
                throw UsageError(message: "--tests-dir: '\(directory)' is not a directory")
            }
            inventory = TestInventory.scan(directory: directory)
        }
        var results: TestResults?
        for path in parsed.all("--xunit") {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw UsageError(message: "--xunit: cannot read '\(path)'")
            }
            var merged = results ?? TestResults()
            do { try merged.merge(xunit: data) } catch { throw UsageError(message: "--xunit \(path): \(error)") }
            results = merged
        }
        var minimum: Double?
        if let text = parsed.value("--min-coverage") {
            guard let value = Double(text.hasSuffix("%") ? String(text.dropLast()) : text), (0...100).contains(value) else {
                throw UsageError(message: "--min-coverage takes a percentage from 0 to 100, not '\(text)'")
            }
            minimum = value
        }
        context = TraceabilityContext(inventory: inventory, results: results)
        minimumCoverage = minimum
        requested = minimum != nil || results != nil || parsed.value("--test-list") != nil
    }
}
