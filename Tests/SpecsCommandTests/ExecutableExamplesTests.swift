import Foundation
import XCTest

/// More of the issues' examples, replayed through the real runner executables in a
/// scratch project: broken definitions, a file that does not parse, a custom runner's
/// name, a report language without labels, a stream cut short, a file that is not UTF-8.
final class ExecutableExamplesTests: XCTestCase {
    private var project: URL!

    override func setUpWithError() throws {
        project = FileManager.default.temporaryDirectory.appendingPathComponent("specs-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Features"), withIntermediateDirectories: true)
        try "Feature: Accounts\n  Scenario: Opening\n    Given a step that passes\n"
            .write(to: project.appendingPathComponent("Features/accounts.feature"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: project)
    }

    func test_brokenDefinitions_runNoScenarioAndTheLastLinesSaySo() throws {
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary"], in: project,
            environment: ["SPECS_FIXTURE_BROKEN_DEFINITIONS": "1"])
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(
            run.out.hasSuffix(
                "FAILED:\n  - 4 step definitions, hooks or parameter types could not be registered (see the errors above), so no scenario was run\n"
            ), run.out)
        XCTAssertTrue(run.out.contains(" not run)"), run.out)
        XCTAssertFalse(run.out.contains("passed)"), run.out)
        let errors = run.err.split(separator: "\n").filter { $0.contains("main.swift:") && $0.contains("error:") }
        XCTAssertEqual(errors.count, 4, run.err)
        XCTAssertTrue(
            run.err.contains(
                "'{int} accounts exist': parameter 1, {int}, gives Int values, but the closure takes it as String"),
            run.err)
    }

    func test_fileThatDoesNotParse_isOneErrorOnStandardErrorAndTheLastLinesSaySo() throws {
        try
            "Feature: Broken\n  Scenario: one\n    Given a step that passes\n  Scenaro: two\n    Given a step that passes\n"
            .write(to: project.appendingPathComponent("Features/broken.feature"), atomically: true, encoding: .utf8)
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        XCTAssertEqual(run.code, 2)
        XCTAssertEqual(run.err.components(separatedBy: "error:").count - 1, 1, run.err)
        XCTAssertTrue(
            run.err.contains("Features/broken.feature:4:3: error: 'Scenaro: two' cannot stand here;"), run.err)
        XCTAssertTrue(run.err.contains("Did you mean 'Scenario:'?"), run.err)
        XCTAssertFalse(run.out.contains("Scenaro"), "no second copy on standard output")
        XCTAssertTrue(
            run.out.hasSuffix("FAILED:\n  - 1 feature file does not parse: Features/broken.feature:4\n"), run.out)
    }

    func test_fileWithSeveralParseErrors_tellsEachOnceWithItsCaret() throws {
        try "Feature: C\n\n  Scenario: c\n    Given a step that passes\n  bad one\n  bad two\n  bad three\n"
            .write(to: project.appendingPathComponent("Features/c.feature"), atomically: true, encoding: .utf8)
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        XCTAssertEqual(run.code, 2)
        for line in 5...7 {
            XCTAssertEqual(run.err.components(separatedBy: "Features/c.feature:\(line):").count - 1, 1, run.err)
        }
    }

    func test_customRunner_helpAndErrorsUseItsName() throws {
        let help = try ExecutableRun.run("misbehaving-specs", ["--help"], in: project)
        XCTAssertTrue(help.out.hasPrefix("USAGE: misbehaving-specs [PATH[:LINE]...] [options]"), help.out)
        let wrong = try ExecutableRun.run("misbehaving-specs", ["--tagz", "@a"], in: project)
        XCTAssertEqual(wrong.code, 2)
        XCTAssertTrue(wrong.err.contains("Run 'misbehaving-specs --help' for the options."), wrong.err)
    }

    func test_reportLanguageWithoutLabels_isAWarning() throws {
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary", "--format", "html:r.html", "--report-language", "fr"],
            in: project)
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(
            run.err.contains("warning: --report-language fr: the report's labels exist in en and es only"), run.err)
    }

    func test_report_streamCutShort_isIncompleteAndCountsNothingAsPassed() throws {
        _ = try ExecutableRun.run("misbehaving-specs", ["--format", "message:run.ndjson"], in: project)
        let lines = try String(contentsOf: project.appendingPathComponent("run.ndjson"), encoding: .utf8).split(
            separator: "\n")
        let cut = lines.prefix { !$0.contains("\"testCaseFinished\"") }.joined(separator: "\n") + "\n"
        try cut.write(to: project.appendingPathComponent("cut.ndjson"), atomically: true, encoding: .utf8)
        let run = try ExecutableRun.run(
            "specs", ["report", "cut.ndjson", "--format", "summary", "--format", "json:c.json"], in: project)
        XCTAssertEqual(run.code, 1)
        XCTAssertTrue(run.out.contains("1 scenario (1 not finished)"), run.out)
        XCTAssertTrue(run.out.contains("  - the run is incomplete: 1 scenario never finished\n"), run.out)
        // Cucumber JSON's readers judge a scenario by its steps: the one it was running fails, saying why.
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: project.appendingPathComponent("c.json")))
        let steps = ((json as? [[String: Any]]) ?? []).flatMap { ($0["elements"] as? [[String: Any]]) ?? [] }
            .flatMap { ($0["steps"] as? [[String: Any]]) ?? [] }.compactMap { $0["result"] as? [String: Any] }
        let failed = steps.filter { $0["status"] as? String == "failed" }
        XCTAssertEqual(failed.count, 1, "\(steps)")
        XCTAssertEqual(
            failed.first?["error_message"] as? String, "the scenario never finished: its stream ends before it did")
    }

    func test_gherkin_fileThatIsNotUTF8_isAParseErrorEnvelope() throws {
        try Data(Array("Feature: caf".utf8) + [0xE9] + Array("\n".utf8)).write(
            to: project.appendingPathComponent("latin1.feature"))
        let run = try ExecutableRun.run("specs", ["gherkin", "latin1.feature"], in: project)
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.out.hasPrefix(#"{"parseError":{"message":"(1:13): invalid UTF-8 (byte 0xE9)""#), run.out)
    }

    func test_gherkin_twoMegabyteFileWithElevenErrorsAtItsEnd_reportsEachWithItsPlace() throws {
        // Issue 28's example, as Scripts/bench.sh makes it: 2 MB of scenarios, then 12 lines
        // that cannot stand there (the parser stops at the eleventh error, as the official ones do).
        var text = "Feature: Large\n\n"
        var scenario = 0
        while text.utf8.count < 2_000_000 {
            scenario += 1
            text +=
                "  Scenario: scenario \(scenario)\n    Given a step number \(scenario) with some text to make it longer\n"
                + "    Then another step \(scenario)\n\n"
        }
        let firstBad = text.split(separator: "\n", omittingEmptySubsequences: false).count
        text += (0..<12).map { "  oops line \($0)\n" }.joined()
        try text.write(to: project.appendingPathComponent("large.feature"), atomically: true, encoding: .utf8)

        let run = try ExecutableRun.run("specs", ["gherkin", "large.feature"], in: project)

        XCTAssertEqual(run.code, 2)
        let errorLines = run.err.split(separator: "\n").filter { $0.contains(": error: ") }
        let places: [String] = errorLines.map { line in String(line.prefix { $0 != " " }) }
        let expected: [String] = (0..<11).map { "large.feature:\(firstBad + $0):3:" }
        XCTAssertEqual(places, expected, String(run.err.suffix(2000)))
        XCTAssertTrue(run.err.contains("    oops line 10\n    ^\n"), String(run.err.suffix(500)))
        let envelopes = run.out.split(separator: "\n").filter { $0.hasPrefix(#"{"parseError""#) }
        XCTAssertEqual(envelopes.count, 11)
        XCTAssertTrue(
            envelopes.last?.contains(#""location":{"column":3,"line":\#(firstBad + 10)}"#) ?? false,
            String(envelopes.last ?? ""))
    }

    func test_gherkin_manyFilesAcrossBatches_printEachFileInOrderWithIdsGoingOnFromFileToFile() throws {
        // More files than one batch of every core reads at once, with errors among them.
        var names: [String] = []
        for index in 0..<70 {
            let name = String(format: "f%02d.feature", index)
            let body =
                index % 9 == 4
                ? "Feature: Broken \(index)\n  Scenario: s\n    Given x\n      | a |\n      | b | c |\n"
                : "Feature: F\(index)\n  Scenario Outline: s\(index) <n>\n    Given step <n>\n    Examples:\n      | n |\n      | \(index) |\n"
            try body.write(to: project.appendingPathComponent(name), atomically: true, encoding: .utf8)
            names.append(name)
        }
        let all = try ExecutableRun.run("specs", ["gherkin", "--predictable-ids"] + names, in: project)
        var alone = ""
        for name in names {
            alone += try ExecutableRun.run("specs", ["gherkin", "--predictable-ids", name], in: project).out
        }
        XCTAssertEqual(all.code, 2)
        // The same messages as one file after another, their ids going on from file to file
        // (unique in the stream), as the official parsers number them.
        XCTAssertEqual(all.out.split(separator: "\n").count, alone.split(separator: "\n").count)
        let idPattern = #/"id":"([0-9]+)"/#
        let ids = all.out.matches(of: idPattern).map { Int($0.output.1)! }
        XCTAssertEqual(Set(ids).count, ids.count, "every id once")
        XCTAssertEqual(ids.min(), 0)
        XCTAssertEqual(
            all.out.replacing(#/[0-9]+/#, with: "N"), alone.replacing(#/[0-9]+/#, with: "N"),
            "the same messages but for their ids")
        XCTAssertEqual(all.err.components(separatedBy: "f04.feature:5:").count, 2, all.err)
        let uris = all.out.split(separator: "\n").compactMap { line in
            line.hasPrefix("{\"source\"")
                ? line.range(of: #"f[0-9]+\.feature"#, options: .regularExpression).map { String(line[$0]) } : nil
        }
        XCTAssertEqual(uris, names)
    }

    func test_run_manyFilesOnWorkers_runsEveryBatchAndReportsEveryScenarioOnce() throws {
        // 3 files of 40 scenarios: more than one batch of files, on two worker processes, one crash among them.
        for file in 0..<3 {
            var text = "Feature: Ledger \(file)\n"
            for number in 0..<40 {
                let step = file == 1 && number == 7 ? "a step that calls fatalError" : "a step that passes"
                text += "\n  Scenario: entry \(number)\n    Given \(step)\n"
            }
            try text.write(
                to: project.appendingPathComponent("Features/ledger\(file).feature"), atomically: true, encoding: .utf8)
        }
        let junit = project.appendingPathComponent("junit.xml").path
        let messages = project.appendingPathComponent("messages.ndjson").path
        let html = project.appendingPathComponent("book.html").path
        let run = try ExecutableRun.run(
            "misbehaving-specs",
            [
                "--parallel", "2", "--format", "summary", "--format", "junit:\(junit)", "--format",
                "message:\(messages)", "--format", "html:\(html)",
            ],
            in: project)
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertTrue(run.out.contains("121 scenarios (1 failed, 120 passed)"), run.out)
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertTrue(report.contains("tests=\"121\" failures=\"1\""), report)
        XCTAssertEqual(report.components(separatedBy: "<testcase ").count - 1, 121)
        XCTAssertTrue(report.contains("the cart is corrupt"), report)
        let lines = try String(contentsOfFile: messages, encoding: .utf8).split(separator: "\n")
        var pickles: Set<String> = []
        var testCases = 0
        for line in lines {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let pickle = object["pickle"] as? [String: Any] { pickles.insert(pickle["id"] as? String ?? "") }
            if let testCase = object["testCase"] as? [String: Any] {
                testCases += 1
                XCTAssertTrue(pickles.contains(testCase["pickleId"] as? String ?? "?"), "a testCase before its pickle")
            }
        }
        XCTAssertEqual(testCases, 121)
        XCTAssertEqual(lines.filter { $0.hasPrefix("{\"testCaseFinished\"") }.count, 121)

        // The book, written a file at a time as the run went, is the book of the saved stream.
        let book = try String(contentsOfFile: html, encoding: .utf8)
        XCTAssertEqual(try ReportPage(book).scenarios.count, 121)
        XCTAssertTrue(book.contains("<dt>Failed</dt><dd>1</dd>"), book)
        let sections = book.components(separatedBy: "<section class=\"feature\" id=\"f-").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        XCTAssertEqual(sections.filter { $0.contains("ledger") }.count, 3, "\(sections)")
        XCTAssertEqual(sections, sections.sorted())
        let rebuilt = project.appendingPathComponent("rebuilt.html").path
        _ = try ExecutableRun.run(
            "misbehaving-specs", ["report", messages, "--format", "html:\(rebuilt)"], in: project)
        XCTAssertEqual(try String(contentsOfFile: rebuilt, encoding: .utf8), book)
    }
}
