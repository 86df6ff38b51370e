import ConformanceData
import Foundation
import SpecsReporting
import XCTest

@testable import SpecsCommand

/// Every number from outside is bounded: the issue's examples through the real runner
/// (none crashes, each is a usage error naming the option and its range), and seeded
/// random values for every numeric option (each is taken or refused by name, never a crash).
final class OptionBoundsTests: XCTestCase {
    private var scratch: ScratchProject!

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-bounds")
        try scratch.write(
            "Features/a.feature",
            "Feature: F\n  Scenario: one\n    Given a step that passes\n  Scenario: two\n    Given a step that passes\n"
        )
    }

    override func tearDownWithError() throws { scratch.remove() }

    private func specs(_ arguments: [String], environment: [String: String] = [:]) throws -> ExecutableRun {
        try ExecutableRun.run("misbehaving-specs", arguments, in: scratch.root, environment: environment)
    }

    private func assertUsageError(
        _ run: ExecutableRun, naming words: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertFalse(run.signaled, "crashed: \(run.err)", file: file, line: line)
        XCTAssertEqual(run.code, 2, run.err, file: file, line: line)
        for word in words {
            XCTAssertTrue(run.err.contains(word), "\(word) not in: \(run.err)", file: file, line: line)
        }
        XCTAssertFalse(run.out.contains("PASSED"), run.out, file: file, line: line)
    }

    func test_run_timeoutInfiniteOrHuge_isAUsageErrorNamingItsRange() throws {
        for value in ["inf", "1e19", "1e308", "nan", "-1", "0"] {
            assertUsageError(
                try specs(["--timeout", value, "--format", "summary"]),
                naming: ["--timeout takes seconds, more than 0 and at most 1000000, not '\(value)'"])
        }
    }

    /// A switch specs.json turns on is turned off for one run with `=false` (tester Z1's Z1-2:
    /// `"dry-run": true` in the defaults made every run a green dry run, and nothing undid it).
    func test_run_switchOfSpecsJSONTurnedOffOnTheCommandLine_isOff() throws {
        try scratch.write("Features/red.feature", "Feature: R\n  Scenario: red\n    Given a step that fails\n")
        try scratch.write("specs.json", #"{ "default": { "dry-run": true } }"#)
        let dry = try specs(["--format", "summary"])
        XCTAssertEqual(dry.code, 0, dry.out + dry.err)
        XCTAssertTrue(dry.out.contains("dry run"), dry.out)
        let run = try specs(["--format", "summary", "--dry-run=false"])
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertTrue(run.out.contains("FAILED"), run.out)
        XCTAssertEqual(try specs(["--format", "summary", "--dry-run=true"]).code, 0)
        let wrong = try specs(["--format", "summary", "--dry-run=no"])
        XCTAssertEqual(wrong.code, 2, wrong.out + wrong.err)
        XCTAssertTrue(wrong.err.contains("option '--dry-run' takes no value (or =true, =false)"), wrong.err)
    }

    func test_run_timeoutOfSpecsJSON_isAUsageErrorNamingItsRange() throws {
        try scratch.write("specs.json", #"{ "default": { "timeout": 1e308 } }"#)
        assertUsageError(
            try specs(["--format", "summary"]),
            naming: ["specs.json:1:16: error: --timeout takes seconds, more than 0 and at most 1000000, not '1e+308'"])
        try scratch.write("specs.json", #"{ "profiles": { "ci": { "parallel": 9223372036854775807 } } }"#)
        assertUsageError(
            try specs(["--profile", "ci"]),
            naming: ["specs.json:1:25: error: --parallel takes a whole number from 1 to 1024"])
        let replaced = try specs(["--profile", "ci", "--parallel", "2", "--format", "summary"])
        XCTAssertEqual(replaced.code, 0, "the command line's value replaces the file's: \(replaced.err)")
    }

    func test_run_tagsOrNameOfSpecsJSONThatDoNotParse_areUsageErrorsNamingTheFile() throws {
        try scratch.write("specs.json", "{ \"default\": {\n    \"tags\": \"@a and or @b\" } }\n")
        assertUsageError(
            try specs(["--format", "summary"]),
            naming: ["specs.json:2:5: error: --tags: Tag expression \"@a and or @b\" could not be parsed"])
        try scratch.write("specs.json", #"{ "profiles": { "ci": { "name": "(unclosed" } } }"#)
        assertUsageError(
            try specs(["--profile", "ci"]),
            naming: ["specs.json:1:25: error: --name '(unclosed' is not a valid regular expression"])
        let replaced = try specs(["--profile", "ci", "--name", "one", "--format", "summary"])
        XCTAssertEqual(replaced.code, 0, "the command line's value replaces the file's: \(replaced.err)")
    }

    func test_run_shardAutoWithAHugeCICount_isAUsageErrorNamingTheVariables() throws {
        let run = try specs(
            ["--shard", "auto", "--format", "summary"],
            environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "9223372036854775807"])
        assertUsageError(run, naming: ["CI_NODE_TOTAL=9223372036854775807", "CI_NODE_TOTAL from 1 to 10000"])
    }

    func test_run_countsOutOfRange_areUsageErrorsNamingTheOption() throws {
        let cases: [([String], String)] = [
            (["--shard", "1/9223372036854775807"], "--shard takes i/n with 1 <= i <= n <= 10000"),
            (["--shard", "9223372036854775807/9223372036854775807"], "--shard takes i/n"),
            (["--parallel", "9223372036854775807"], "--parallel takes a whole number from 1 to 1024"),
            (["--retry", "1e19"], "--retry takes a whole number from 0 to 100"),
            (["--retry", "9223372036854775807"], "--retry takes a whole number from 0 to 100"),
            (
                ["--order", "random:18446744073709551616"],
                "random:<seed> (a whole number from 0 to 18446744073709551615)"
            ),
            (["--min-coverage", "inf"], "--min-coverage takes a percentage from 0 to 100"),
        ]
        for (arguments, message) in cases {
            assertUsageError(try specs(arguments + ["--format", "summary"]), naming: [message])
        }
    }

    func test_run_lineNumbersOutOfRange_nameNoFileInsteadOfCrashing() throws {
        for argument in ["Features/a.feature:-9223372036854775808", "Features/a.feature:99999999999999999999"] {
            let run = try specs([argument, "--format", "summary"])
            XCTAssertFalse(run.signaled, run.err)
            XCTAssertEqual(run.code, 2, run.err)
            XCTAssertTrue(run.err.contains("\(argument): error: no such file or directory"), run.err)
        }
        let far = try specs(["Features/a.feature:9223372036854775807", "--format", "summary"])
        XCTAssertEqual(far.code, 2, far.err)
        XCTAssertTrue(far.err.contains("no scenario or example row is at line 9223372036854775807"), far.err)
    }

    func test_run_hundredThousandTermTagExpressionInSpecsJSON_runsWithoutCrashing() throws {
        let tags = (0..<100_000).map { "@t\($0)" }.joined(separator: " or ")
        try scratch.write("specs.json", #"{ "default": { "tags": "\#(tags) or @none" } }"#)
        try scratch.write(
            "Features/b.feature", "Feature: B\n  @t99999\n  Scenario: tagged\n    Given a step that passes\n")
        let run = try specs(["--format", "summary"])
        XCTAssertFalse(run.signaled, run.err)
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(run.out.contains("1 scenario (1 passed)"), run.out)
        XCTAssertLessThan(run.err.count, 2_000, "the unknown tags are counted, not listed one by one")
    }

    /// Random numeric strings for each numeric option, from a seeded generator: each value
    /// is taken, or refused with the option's name and range.
    func test_runOptions_seededRandomNumbers_areTakenOrRefusedByName() throws {
        var generator = NumberText(seed: 55)
        let options: [(Option, (String) -> String)] = [
            (.timeout, { $0 }), (.retry, { $0 }), (.parallel, { $0 }), (.shard, { "1/\($0)" }),
            (.shard, { "\($0)/4" }), (.order, { "random:\($0)" }), (.minCoverage, { $0 }),
        ]
        let out = ReportOutput(handle: .nullDevice)
        let xunit = scratch.root.appendingPathComponent("xunit.xml").path
        let testList = scratch.root.appendingPathComponent("tests.txt").path
        try scratch.write("tests.txt", "T.A/test_a\n")
        try scratch.write(
            "xunit.xml",
            #"<testsuites><testsuite name="T" tests="1"><testcase classname="T.A" name="test_a" time="0"/></testsuite></testsuites>"#
        )
        var taken = 0
        for _ in 0..<400 {
            for (option, form) in options {
                let value = form(generator.next())
                var arguments = [option.name, value]
                if option == .minCoverage { arguments += ["--test-list", testList, "--xunit", xunit] }
                do {
                    let parsed = try ArgumentParser.parse(arguments, table: OptionTable.run)
                    _ = try RunCommand(parsed: parsed, out: out, err: out).runOptions()
                    _ = try TraceabilityOptions(parsed)
                    taken += 1
                } catch {
                    let message = "\(error)"
                    XCTAssertTrue(message.contains(option.name), "\(arguments): \(message)")
                    XCTAssertTrue(message.contains("'\(value)'"), "\(arguments): \(message)")
                }
            }
        }
        XCTAssertGreaterThan(taken, 100, "the generator gives values in range too")
    }

    func test_ciShard_seededRandomVariables_areTakenOrRefusedByName() {
        var generator = NumberText(seed: 56)
        for _ in 0..<2_000 {
            for source in CIShard.sources {
                let index = generator.next()
                let total = generator.next()
                do {
                    let shard = try CIShard.shard(in: [source.index: index, source.total: total])
                    XCTAssertTrue(OptionRange.shards.contains(shard.count))
                    XCTAssertTrue((1...shard.count).contains(shard.index))
                } catch {
                    XCTAssertTrue(error.message.contains("\(source.total)=\(total)"), error.message)
                }
            }
        }
    }

    /// The seeded examples through the real runner: never a crash, exit 0 or a usage error
    /// naming the option.
    func test_run_seededRandomNumbersThroughTheRunner_neverCrash() throws {
        var generator = NumberText(seed: 57)
        for option in [Option.timeout, .retry, .parallel] {
            for _ in 0..<4 {
                let value = generator.next()
                let run = try specs([option.name, value, "--format", "summary", "--in-process"])
                XCTAssertFalse(run.signaled, "\(option.name) \(value): \(run.err)")
                XCTAssertTrue(
                    run.code == 0 || (run.code == 2 && run.err.contains(option.name)),
                    "\(option.name) \(value): \(run.code) \(run.err)")
            }
        }
    }
}

/// Numeric text of every shape a user or a CI could give: small and huge whole numbers,
/// the bounds of 64 bits, fractions, exponents, infinities, NaN, signs, hex and garbage.
struct NumberText {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    private mutating func random() -> UInt64 { generator.next() }

    mutating func next() -> String {
        let fixed = [
            "0", "1", "-1", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
            "18446744073709551615", "18446744073709551616", "inf", "-inf", "nan", "1e19", "1e308", "1e-308", "0x10",
            "", " 1", "1 ", "+3", "1.5", "1e3", "99999999999999999999999", "0.0000001",
        ]
        switch random() % 6 {
        case 0: return fixed[Int(random() % UInt64(fixed.count))]
        case 1: return String(random() % 20)
        case 2: return String(random() % 2_000)
        case 3: return String(Int64(bitPattern: random()))
        case 4: return String(Double(random() % 100_000) / Double(random() % 1_000 + 1))
        default: return String(random() % 10) + "e" + String(random() % 400)
        }
    }
}
