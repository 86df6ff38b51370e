import Foundation
import Gherkin
import Locking
import Messages
import SpecsReporting
import Traceability
import XCTest

@testable import SpecsRunner

/// A run goes file by file: each batch of files is loaded (the next while one runs), run, and closed.
final class StreamingRunTests: XCTestCase {
    /// Features parsed from text, that note each load and what the run had finished by then.
    struct CountingSupply: FeatureSupply {
        let features: [LoadedFeature]
        let journal: Journal
        let finishedSoFar: @Sendable () -> Int

        var count: Int { features.count }
        func feature(at index: Int) -> LoadedFeature {
            journal.add("load \(index) after \(finishedSoFar()) finished")
            return features[index]
        }
    }

    /// Records envelope kinds and closed documents, in order.
    final class Trace: EventConsumer, Sendable {
        /// Written by the run's consuming task, read after the run; the count of finished
        /// test cases is also read by the task loading the next batch.
        private let state = Locked<(events: [String], finished: Int)>(([], 0))
        var events: [String] { state.withLock { $0.events } }
        var finished: Int { state.withLock { $0.finished } }
        func consume(_ envelope: Envelope) {
            switch envelope {
            case .source(let source): state.withLock { $0.events.append("source \(source.uri)") }
            case .testCaseFinished:
                state.withLock {
                    $0.finished += 1
                    $0.events.append("finished")
                }
            default: break
            }
        }
        func closeDocument(_ uri: String) { state.withLock { $0.events.append("close \(uri)") } }
    }

    static func features(_ counts: [(String, Int)], failing: Set<String> = []) -> [LoadedFeature] {
        var ids = IncrementingIdGenerator()
        return counts.map { name, scenarios in
            var text = "Feature: \(name)\n"
            for number in 0..<scenarios {
                let step = failing.contains("\(name) \(number)") ? "a failing step" : "a passing step"
                text += "\n  @tag\(number % 3)\n  Scenario: \(name) \(number)\n    Given \(step)\n"
            }
            let document = try! Parser().parse(text, uri: name, ids: &ids)
            let pickles = PickleCompiler().compile(document, uri: name, ids: &ids)
            return LoadedFeature(
                source: Source(uri: name, data: text), document: document, pickles: pickles, errors: [])
        }
    }

    func test_run_manyFiles_readsBatchesAheadWithinTheirBoundAndClosesEachBatchsDocumentsAfterItsTestCases() async {
        let journal = Journal()
        let trace = Trace()
        let files = (0..<8).map { ("f\($0).feature", 40) }
        let supply = CountingSupply(
            features: Self.features(files), journal: journal, finishedSoFar: { trace.finished })
        let summary = await Runner(registry: StatusTests.registry()).run(supply, to: trace)

        XCTAssertEqual(summary.scenarios[.passed], 320)
        // Each file is a batch (40 pickles, past a batch of 32). Batches are made ahead of
        // their turn, at most `runAhead` waiting: file k is not read before k - runAhead
        // batches have run, so the run holds a few batches at most, whatever its size.
        let loads = journal.all
        XCTAssertEqual(loads.map { String($0.split(separator: " ")[1]) }, (0..<8).map(String.init))
        XCTAssertEqual(loads.first, "load 0 after 0 finished")
        for (index, load) in loads.enumerated() {
            let finished = Int(load.split(separator: " ")[3]) ?? -1
            XCTAssertGreaterThanOrEqual(finished, max(0, index - UpcomingBatches.runAhead) * 40, "\(loads)")
        }
        let closes = trace.events.filter { $0.hasPrefix("close") }
        XCTAssertEqual(closes, files.map { "close \($0.0)" })
        for (index, file) in files.enumerated().dropLast() {
            let close = trace.events.firstIndex(of: "close \(file.0)") ?? -1
            XCTAssertEqual(trace.events[..<close].filter { $0 == "finished" }.count, (index + 1) * 40)
            XCTAssertLessThan(close, trace.events.firstIndex(of: "source \(files[index + 1].0)") ?? -1)
        }
    }

    func test_run_largeFiles_areBatchesOfTheirOwnAndFewOfThemWaitAhead() async throws {
        // Files of 2.5 MB (a suite of large tables): each is a batch, and the waiting ones
        // stay within `aheadBytes`, so the run holds a few of them, not 32 and four batches more.
        let journal = Journal()
        let trace = Trace()
        let comment = String(repeating: "# " + String(repeating: "x", count: 98) + "\n", count: 25_000)
        var ids = IncrementingIdGenerator()
        let features = try (0..<6).map { index in
            let text = "Feature: F\(index)\n" + comment + "  Scenario: s\n    Given a passing step\n"
            let document = try Parser().parse(text, uri: "f\(index).feature", ids: &ids)
            return LoadedFeature(
                source: Source(uri: "f\(index).feature", data: text), document: document,
                pickles: PickleCompiler().compile(document, uri: "f\(index).feature", ids: &ids), errors: [])
        }
        let supply = CountingSupply(features: features, journal: journal, finishedSoFar: { trace.finished })
        let summary = await Runner(registry: StatusTests.registry()).run(supply, to: trace)

        XCTAssertEqual(summary.scenarios[.passed], 6)
        XCTAssertEqual(trace.events.filter { $0.hasPrefix("close") }.count, 6)
        for (index, load) in journal.all.enumerated() {
            let finished = Int(load.split(separator: " ")[3]) ?? -1
            XCTAssertGreaterThanOrEqual(finished, index - 2, "\(journal.all)")
        }
    }

    func test_run_selectingFewOfManyFiles_stillClosesEachBatchBeforeTellingTheNext() async {
        let journal = Journal()
        let trace = Trace()
        let supply = CountingSupply(
            features: Self.features((0..<10).map { ("f\($0).feature", 20) }), journal: journal,
            finishedSoFar: { trace.finished })
        var options = RunOptions()
        options.names = ["^f9.feature 0$"]
        let summary = await Runner(registry: StatusTests.registry(), options: options).run(supply, to: trace)

        XCTAssertEqual(summary.selected, 1)
        let firstClose = trace.events.firstIndex { $0.hasPrefix("close") } ?? -1
        XCTAssertLessThan(firstClose, trace.events.firstIndex(of: "source f9.feature") ?? -1, "\(trace.events)")
    }

    func test_closeDocument_ledgerKeepingSummaries_keepsEachScenariosFiguresAndLetsGoOfItsMessages() async {
        let features = Self.features([("a.feature", 3)], failing: ["a.feature 1"])
        let ledger = RunLedger(retaining: .summaries)
        let everything = RunLedger(retaining: .results)
        _ = await Runner(registry: StatusTests.registry()).run(features, to: EventMultiplexer([ledger, everything]))

        XCTAssertTrue(ledger.pickles.isEmpty)
        XCTAssertTrue(ledger.documents.isEmpty)
        XCTAssertTrue(ledger.testCases.isEmpty)
        XCTAssertTrue(everything.pickles.isEmpty)
        XCTAssertEqual(everything.documents.count, 1, "whole results keep their documents")
        XCTAssertEqual(everything.scenarioResults.map { $0.steps.count }, [1, 1, 1])
        XCTAssertEqual(everything.scenarioResults.map(\.isSummary), [false, false, false])
        let tally = ledger.tally()
        XCTAssertEqual(tally.scenarios, [.passed: 2, .failed: 1])
        XCTAssertEqual(tally.steps, everything.tally().steps)
        XCTAssertEqual(tally.notPassed, everything.tally().notPassed)
        let results = ledger.scenarioResults
        XCTAssertEqual(results.map(\.status), [.passed, .failed, .passed])
        XCTAssertEqual(results.map(\.isSummary), [true, false, true])
        XCTAssertEqual(results[0].featureName, "a.feature")
        XCTAssertEqual(results[0].pickle.tags.map(\.name), ["@tag0"])
        XCTAssertEqual(results[0].tagLocations.map { $0?.line }, [3])
        XCTAssertTrue(results[0].steps.isEmpty)
        XCTAssertEqual(results[1].failure?.text, "a failing step")
        XCTAssertEqual(results[1].failure?.line, 9)
        XCTAssertEqual(everything.scenarioResults.map(\.duration), results.map(\.duration))
    }

    func test_junit_ledgerKeepingSummariesOrCounts_writesTheReportOfALedgerKeepingWholeResults() async throws {
        let features = Self.features([("a.feature", 30), ("b.feature", 50)], failing: ["a.feature 4", "b.feature 49"])
        let whole = try await Self.junit(features, .results)
        for retention in [RunLedger.Retention.summaries, .counts] {
            let report = try await Self.junit(features, retention)
            XCTAssertEqual(report, whole, "\(retention)")
        }
        XCTAssertTrue(whole.contains("tests=\"80\" failures=\"2\""), whole)
        XCTAssertEqual(whole.components(separatedBy: "<testcase ").count - 1, 80)
    }

    func test_junit_failFastKeepingCounts_namesTheScenariosNotRunAmongTheirFilesOthers() async throws {
        var features = Self.features([("a.feature", 3)], failing: ["a.feature 0"])
        // Two scenarios of one name: the second is "#2" whether or not it ran.
        let text =
            "Feature: a\n  Scenario: same\n    Given a failing step\n  Scenario: same\n    Given a passing step\n"
        var ids = IncrementingIdGenerator()
        let document = try Parser().parse(text, uri: "same.feature", ids: &ids)
        features = [
            LoadedFeature(
                source: Source(uri: "same.feature", data: text), document: document,
                pickles: PickleCompiler().compile(document, uri: "same.feature", ids: &ids), errors: [])
        ]
        var options = RunOptions()
        options.failFast = true
        let report = try await Self.junit(features, .counts, options: options)
        XCTAssertTrue(report.contains("name=\"same\""), report)
        XCTAssertTrue(report.contains("name=\"same #2\""), report)
        // The one fail-fast left unrun is no skip of its own: it fails, "not run" (tester V's F2).
        XCTAssertTrue(report.contains("tests=\"2\" failures=\"2\" skipped=\"0\""), report)
        XCTAssertTrue(report.contains("<failure type=\"not run\" message=\"not run: the run ended before"), report)
    }

    static func junit(
        _ features: [LoadedFeature], _ retention: RunLedger.Retention, options: RunOptions = RunOptions()
    ) async throws -> String {
        try await report(features, retention, options: options) { JUnitFormatter(output: $0, ledger: $1) }
    }

    /// What a format writes of a run of `features` whose ledger keeps `retention`.
    static func report(
        _ features: [LoadedFeature], _ retention: RunLedger.Retention, options: RunOptions = RunOptions(),
        format: (ReportOutput, RunLedger) -> any EventConsumer
    ) async throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let ledger = RunLedger(retaining: retention)
        let consumer = format(try ReportOutput.file(path), ledger)
        _ = await Runner(registry: StatusTests.registry(), options: options, clock: SteppingClock())
            .run(features, to: EventMultiplexer([ledger, consumer]))
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// A format's report of the same run read back from its messages, with no document ever closed.
    static func reportFromStream(
        _ features: [LoadedFeature], options: RunOptions = RunOptions(),
        format: (ReportOutput, RunLedger) -> any EventConsumer
    ) async throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("whole-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = EventRecorder()
        _ = await Runner(registry: StatusTests.registry(), options: options, clock: SteppingClock()).run(
            features, to: recorder)
        let ledger = RunLedger()
        let consumer = format(try ReportOutput.file(path), ledger)
        for envelope in recorder.envelopes {
            ledger.consume(envelope)
            consumer.consume(envelope)
        }
        consumer.finish()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    func test_closeDocument_ledgerKeepingCounts_keepsTheTallyAndTheScenariosThatDidNotPass() async {
        let features = Self.features([("a.feature", 3), ("b.feature", 2)], failing: ["a.feature 1"])
        let ledger = RunLedger(retaining: .counts)
        let everything = RunLedger(retaining: .results)
        _ = await Runner(registry: StatusTests.registry()).run(features, to: EventMultiplexer([ledger, everything]))

        XCTAssertEqual(ledger.tally().scenarios, everything.tally().scenarios)
        XCTAssertEqual(ledger.tally().steps, everything.tally().steps)
        XCTAssertEqual(ledger.tally().notPassed, everything.tally().notPassed)
        XCTAssertEqual(ledger.scenarioResults.map(\.pickle.name), ["a.feature 1"])
        XCTAssertEqual(ledger.scenarioResults.first?.failure?.text, "a failing step")
        XCTAssertEqual(RunVerdict(ledger.result).problems, RunVerdict(everything.result).problems)
    }
}

final class FeatureFilesTests: XCTestCase {
    func test_feature_loadedInAnyOrder_hasTheIdsOfEveryFileLoadedInOrder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [FeaturePath] = []
        for (index, scenarios) in [3, 1, 4].enumerated() {
            let path = directory.appendingPathComponent("f\(index).feature").path
            var text = "Feature: f\(index)\n"
            for number in 0..<scenarios { text += "  Scenario: s\(number)\n    Given a step\n" }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(FeaturePath(argument: path))
        }
        var surveyed: [String] = []
        let files = FeatureFiles(surveying: paths) { surveyed.append($0.document?.feature?.name ?? "") }
        var ids = IncrementingIdGenerator()
        let inOrder = FeatureLoader.load(paths, ids: &ids)

        XCTAssertEqual(surveyed, ["f0", "f1", "f2"])
        for index in [2, 0, 1, 2] {
            XCTAssertEqual(files.feature(at: index).pickles.map(\.id), inOrder[index].pickles.map(\.id))
            XCTAssertEqual(files.feature(at: index).document, inOrder[index].document)
        }
    }

    /// A file that holds other scenarios when read again at its turn (saved from an editor, a
    /// `git pull` during the run) would take the next file's ids, and its results that file's
    /// names (tester X's X1): it is an error at its start, and the files around it run as surveyed.
    /// One changed in place, the same scenarios, is read as it is now.
    func test_featureAt_fileThatChangedSinceTheSurvey_isAnErrorAndTheOthersKeepTheirIds() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func text(_ name: String, _ scenarios: Int, step: String = "a step") -> String {
            "Feature: \(name)\n" + (0..<scenarios).map { "  Scenario: s\($0)\n    Given \(step)\n" }.joined()
        }
        let paths = (0..<3).map { FeaturePath(argument: directory.appendingPathComponent("f\($0).feature").path) }
        for (index, path) in paths.enumerated() {
            try text("f\(index)", 2).write(toFile: path.file, atomically: true, encoding: .utf8)
        }
        let files = FeatureFiles(surveying: paths)
        var ids = IncrementingIdGenerator()
        let inOrder = FeatureLoader.load(paths, ids: &ids)
        for (scenarios, step) in [(4, "a step"), (1, "a step"), (2, "another step")] {
            try text("f1", scenarios, step: step).write(toFile: paths[1].file, atomically: true, encoding: .utf8)
            let changed = files.feature(at: 1)
            if scenarios == 2 {
                XCTAssertTrue(changed.errors.isEmpty, "\(changed.errors)")
                XCTAssertEqual(changed.pickles.map(\.id), inOrder[1].pickles.map(\.id))
                XCTAssertEqual(changed.pickles.first?.steps.first?.text, "another step")
            } else {
                XCTAssertTrue(changed.pickles.isEmpty)
                XCTAssertEqual(changed.errors.count, 1)
                XCTAssertTrue(
                    changed.errors.first?.message.hasPrefix("changed while the run was on") ?? false,
                    "\(changed.errors)")
                XCTAssertEqual(changed.errors.first?.location, Location(line: 1, column: 1))
            }
            XCTAssertEqual(files.feature(at: 2).pickles.map(\.id), inOrder[2].pickles.map(\.id))
        }
    }

    func test_init_manyFilesSomeBroken_visitsInOrderWithTheIdsOfLoadingInOrder() throws {
        // More files than a window of the survey, of different sizes, some that do not parse
        // (after using ids) and one that cannot be read: each is visited in order, and each
        // one's run ids are those of loading every file in order.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SystemRandomNumberGenerator()
        var paths: [FeaturePath] = []
        for index in 0..<(ProcessInfo.processInfo.activeProcessorCount * 8 * 3 + 5) {
            let path = directory.appendingPathComponent("f\(index).feature").path
            paths.append(FeaturePath(argument: path))
            if index == 7 { continue }  // never written: cannot be read
            var text = "Feature: f\(index)\n"
            for number in 0..<Int.random(in: 0...6, using: &generator) {
                text +=
                    "  Scenario Outline: s\(number)\n    Given a <x>\n    Examples:\n      | x |\n      | 1 |\n      | 2 |\n"
            }
            if index % 5 == 3 { text += "  Scenario: broken\n    Given a step\nFeature: again\n" }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        var visited: [String] = []
        let files = FeatureFiles(surveying: paths) { visited.append($0.source.uri) }
        var ids = IncrementingIdGenerator()
        let inOrder = FeatureLoader.load(paths, ids: &ids)

        XCTAssertEqual(visited, paths.map(\.path))
        XCTAssertTrue(inOrder.contains { !$0.errors.isEmpty && $0.document == nil && $0.source.data.isEmpty == false })
        for index in paths.indices.shuffled() {
            let feature = files.feature(at: index)
            XCTAssertEqual(feature.pickles.map(\.id), inOrder[index].pickles.map(\.id), "f\(index)")
            XCTAssertEqual(feature.document, inOrder[index].document, "f\(index)")
            XCTAssertEqual(feature.errors.map(\.description), inOrder[index].errors.map(\.description), "f\(index)")
        }
    }
}

extension FeatureFilesTests {
    func test_initExamining_manyFiles_handsEachFileWhatWasFoundInItInOrder() throws {
        // More files than a window: each file is examined where it is parsed, on any thread,
        // and visited in order with what was found in it, never another file's.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [FeaturePath] = []
        for index in 0..<(ProcessInfo.processInfo.activeProcessorCount * 8 * 2 + 3) {
            let path = directory.appendingPathComponent("f\(index).feature").path
            var text = "Feature: f\(index)\n"
            for number in 0..<(index % 4) { text += "  Scenario: s\(number)\n    Given a step\n" }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(FeaturePath(argument: path))
        }
        var visited: [(name: String, found: String)] = []
        _ = FeatureFiles(surveying: paths) { feature in
            "\(feature.document?.feature?.name ?? "-") \(feature.pickles.count)"
        } visit: { feature, found in
            visited.append((feature.document?.feature?.name ?? "-", found))
        }

        XCTAssertEqual(visited.map(\.name), paths.indices.map { "f\($0)" })
        XCTAssertEqual(visited.map(\.found), paths.indices.map { "f\($0) \($0 % 4)" })
    }
}

final class RunResultTests: XCTestCase {
    func test_result_readAfterTheLastEnvelope_givesTheTallyAndTheVerdictOneValue() async {
        let features = StreamingRunTests.features([("a.feature", 2), ("b.feature", 1)], failing: ["b.feature 0"])
        let ledger = RunLedger(retaining: .summaries)
        _ = await Runner(registry: StatusTests.registry()).run(features, to: ledger)

        let result = ledger.result
        XCTAssertEqual(result.tally.scenarios, [.passed: 2, .failed: 1])
        XCTAssertEqual(result.testCases, 3)
        XCTAssertNotNil(result.runFinished)
        XCTAssertEqual(RunVerdict(result).problems, [.scenarios(.failed, count: 1)])
        XCTAssertEqual(RunVerdict(result).exitCode, 1)
    }

    func test_result_streamWithoutItsEnd_isIncompleteAndChangesWithTheNextEnvelope() async {
        let features = StreamingRunTests.features([("a.feature", 1)])
        let recorder = EventRecorder()
        _ = await Runner(registry: StatusTests.registry()).run(features, to: recorder)
        let ledger = RunLedger()
        for envelope in recorder.envelopes.dropLast() { ledger.consume(envelope) }

        XCTAssertEqual(RunVerdict(ledger.result).problems, [.incomplete(unfinished: 0)])
        ledger.consume(recorder.envelopes.last!)
        XCTAssertEqual(RunVerdict(ledger.result).problems, [])
    }
}

final class CucumberJSONStreamingTests: XCTestCase {
    private func json(
        _ features: [LoadedFeature], options: RunOptions = RunOptions(),
        retaining retention: RunLedger.Retention = .results
    ) async throws -> String {
        try await StreamingRunTests.report(features, retention, options: options) {
            CucumberJSONFormatter(output: $0, ledger: $1)
        }
    }

    /// The report of the same run read back from its messages, with no document ever closed.
    private func jsonFromStream(_ features: [LoadedFeature], options: RunOptions = RunOptions()) async throws -> String
    {
        try await StreamingRunTests.reportFromStream(features, options: options) {
            CucumberJSONFormatter(output: $0, ledger: $1)
        }
    }

    func test_finish_featuresWrittenAsTheirFilesClose_areTheReportOfTheWholeStream() async throws {
        let features = StreamingRunTests.features(
            [("a.feature", 40), ("b.feature", 30), ("c.feature", 5)], failing: ["a.feature 3", "c.feature 4"])
        let whole = try await jsonFromStream(features)
        for retention in [RunLedger.Retention.results, .summaries, .counts] {
            let streamed = try await json(features, retaining: retention)
            XCTAssertEqual(streamed, whole, "\(retention)")
        }
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(whole.utf8)) as? [[String: Any]])
        XCTAssertEqual(parsed.map { ($0["elements"] as? [Any])?.count }, [40, 30, 5])
    }

    func test_finish_failFastKeepingCounts_writesTheScenariosNotRunAsTheWholeStreamDoes() async throws {
        let features = StreamingRunTests.features([("a.feature", 3), ("b.feature", 70)], failing: ["a.feature 1"])
        var options = RunOptions()
        options.failFast = true
        let streamed = try await json(features, options: options, retaining: .counts)
        let whole = try await jsonFromStream(features, options: options)
        XCTAssertEqual(streamed, whole)
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(streamed.utf8)) as? [[String: Any]])
        XCTAssertEqual(parsed.map { ($0["elements"] as? [Any])?.count }, [3, 70])
    }

    func test_finish_featureAfterFeature_writesTheArrayTheEncoderWritesWhole() async throws {
        let text = try await json(
            StreamingRunTests.features([("a.feature", 2), ("b.feature", 1)], failing: ["b.feature 0"]))
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        XCTAssertEqual(parsed.map { $0["uri"] as? String }, ["a.feature", "b.feature"])
        XCTAssertEqual(parsed.map { ($0["elements"] as? [Any])?.count }, [2, 1])
        // Laid out as one pretty-printed array: two-space indents, one element after another.
        XCTAssertTrue(text.hasPrefix("[\n  {\n    \"description\" : "), text)
        XCTAssertTrue(text.contains("\n  },\n  {\n"), text)
        XCTAssertTrue(text.hasSuffix("\n  }\n]\n"), text)
    }

    func test_finish_nothingSelected_writesOnlyTheRunsFailure() async throws {
        var options = RunOptions()
        options.names = ["nothing has this name"]
        let text = try await json(StreamingRunTests.features([("a.feature", 2)]), options: options)
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        XCTAssertEqual(parsed.map { $0["uri"] as? String }, ["specs"], text)
        XCTAssertTrue(text.contains("\"status\" : \"failed\""), text)
        XCTAssertTrue(text.contains("no scenario was selected"), text)
    }
}

final class TraceabilityContextTests: XCTestCase {
    func test_report_inventory_isFoundWhenTheFirstReportIsBuiltAndOnlyThen() async {
        let scans = Locked(0)
        let context = TraceabilityContext(
            inventory: {
                scans.withLock { $0 += 1 }
                return TestInventory.parse(testList: "CartTests.test_total")
            }(), results: nil)
        let ledger = RunLedger()
        _ = await Runner(registry: StatusTests.registry()).run(
            StreamingRunTests.features([("a.feature", 2)]), to: ledger)

        XCTAssertEqual(scans.withLock { $0 }, 0, "a run that builds no report does not look for tests")
        XCTAssertEqual(context.report(ledger).rows.count, 2)
        _ = context.report(ledger)
        XCTAssertEqual(scans.withLock { $0 }, 1)
    }
}

final class UsageCollectorTests: XCTestCase {
    func test_uses_gatheredAsFilesClose_areTheUsesOfTheWholeStream() async throws {
        let features = StreamingRunTests.features([("a.feature", 40), ("b.feature", 40)], failing: ["b.feature 2"])
        var options = RunOptions()
        options.failFast = true
        let ledger = RunLedger(retaining: .counts)
        let streamed = UsageCollector(ledger: ledger)
        let recorder = EventRecorder()
        _ = await Runner(registry: StatusTests.registry(), options: options).run(
            features, to: EventMultiplexer([ledger, streamed, recorder]))
        let whole = UsageCollector()
        for envelope in recorder.envelopes { whole.consume(envelope) }
        whole.finish()

        func summary(_ uses: [UsageCollector.Use]) -> [String] {
            uses.map { "\($0.definition.pattern.source): \($0.matches.map { "\($0.text)@\($0.place)" })" }
        }
        XCTAssertEqual(summary(streamed.uses), summary(whole.uses))
        let passing = try XCTUnwrap(streamed.uses.first { $0.definition.pattern.source == "a passing step" })
        // 80 scenarios planned, failing fast at the 43rd: all matched, 79 of them the passing step.
        XCTAssertEqual(passing.matches.count, 79)
        XCTAssertEqual(passing.matches.first?.place, "a.feature:5")
        XCTAssertEqual(streamed.uses.filter(\.matches.isEmpty).count, 4)
    }
}
