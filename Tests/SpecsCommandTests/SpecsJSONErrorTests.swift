import Foundation
import XCTest

@testable import SpecsCommand

/// A `specs.json` that does not read is an error at its line and column, through the real
/// runner: a missing comma, a comma too many, a key given twice.
final class SpecsJSONErrorTests: XCTestCase {
    private var project: ScratchProject!

    override func setUpWithError() throws {
        project = try ScratchProject("specs-json-errors")
        try project.write("Features/a.feature", "Feature: A\n  Scenario: s\n    Given a step that passes\n")
    }

    override func tearDown() {
        project.remove()
    }

    private func run(_ json: String, _ arguments: [String] = []) throws -> ExecutableRun {
        try project.write("specs.json", json)
        return try ExecutableRun.run("misbehaving-specs", arguments, in: project.root)
    }

    /// The scenario tests (`swift test`) select by the file's tags, read as strictly as a run
    /// reads the file: a misspelt option is an error there too, not a selection lost.
    func test_configuredTags_readsTheFileAsARunDoes() throws {
        let directory = project.root.path
        try project.write(
            "specs.json", #"{ "default": { "tags": "not @wip" }, "profiles": { "ci": { "tags": "@smoke" } } }"#)
        XCTAssertEqual(try ProfileArguments.configuredTags(profile: nil, directory: directory), "not @wip")
        XCTAssertEqual(try ProfileArguments.configuredTags(profile: "ci", directory: directory), "@smoke")
        XCTAssertThrowsError(try ProfileArguments.configuredTags(profile: "nightly", directory: directory)) {
            XCTAssertTrue("\($0)".contains("unknown profile 'nightly'"), "\($0)")
        }
        for (json, expected) in [
            (
                #"{ "default": { "tag": "@smoke" } }"#,
                "specs.json:1:16: error: unknown option 'tag'. Did you mean 'tags'?"
            ),
            (#"{ "default": { "tags": "@smoke", "timout": 5 } }"#, "unknown option 'timout'. Did you mean 'timeout'?"),
        ] {
            try project.write("specs.json", json)
            XCTAssertThrowsError(try ProfileArguments.configuredTags(profile: nil, directory: directory)) {
                XCTAssertTrue("\($0)".contains(expected), "\($0)")
            }
        }
        try FileManager.default.removeItem(atPath: project.root.appendingPathComponent("specs.json").path)
        XCTAssertNil(try ProfileArguments.configuredTags(profile: nil, directory: directory))
        XCTAssertThrowsError(try ProfileArguments.configuredTags(profile: "ci", directory: directory))
    }

    /// A mistake in a profile the run does not use is told by every run (and by the scenario
    /// tests), at its key: a team learns of it on its first run, not first in the CI that uses it.
    func test_run_mistakeInAProfileTheRunDoesNotUse_isAnErrorAtItsKey() throws {
        let json =
            #"{ "default": { "format": ["summary"] }, "profiles": { "ci": { "tag": "@x" }, "nightly": { "dry-run": 1 } } }"#
        // The profile the run uses is read first; then every other.
        for (arguments, expected) in [
            ([], "specs.json:1:63: error: unknown option 'tag'. Did you mean 'tags'?\n"),
            (["--profile", "nightly"], "specs.json:1:91: error: 'dry-run' is a switch: give it true or false\n"),
        ] {
            let run = try run(json, arguments)
            XCTAssertEqual(run.code, 2, run.out + run.err)
            XCTAssertEqual(run.err, expected, "\(arguments)")
        }
        let other = try run(json.replacingOccurrences(of: "tag", with: "tags"), ["--profile", "ci"])
        XCTAssertEqual(other.code, 2, other.out + other.err)
        XCTAssertTrue(other.err.contains("error: 'dry-run' is a switch: give it true or false"), other.err)
        XCTAssertThrowsError(try ProfileArguments.configuredTags(profile: nil, directory: project.root.path)) {
            XCTAssertTrue("\($0)".contains("'dry-run' is a switch"), "\($0)")
        }
    }

    /// A value out of range or that does not parse, in a profile the run does not use, and an
    /// unknown format anywhere in the file: each is an error at its key, as the run's own are.
    func test_run_badValueInAnUnusedProfileOrAnUnknownFormat_isAnErrorAtItsKey() throws {
        for (json, expected) in [
            (
                #"{ "profiles": { "nightly": { "parallel": "two" } } }"#,
                "specs.json:1:30: error: --parallel takes a whole number from 1 to 1024, not 'two'"
            ),
            (#"{ "profiles": { "ci": { "tags": "@a and" } } }"#, "specs.json:1:25: error: --tags"),
            (
                #"{ "default": { "format": ["junti:r/j.xml"] } }"#,
                "specs.json:1:16: error: unknown format 'junti'. Did you mean 'junit'?"
            ),
            (#"{ "profiles": { "ci": { "format": ["junit:"] } } }"#, "specs.json:1:25: error: --format junit:"),
        ] {
            let run = try run(json)
            XCTAssertEqual(run.code, 2, json + run.out + run.err)
            XCTAssertTrue(run.err.hasPrefix(expected), json + "\n" + run.err)
        }
    }

    /// Two values wrong at once: the error names one and stands at that one's key.
    func test_run_twoBadValues_isTheErrorOfOneAtItsOwnKey() throws {
        let run = try run("{\n  \"default\": {\n    \"retry\": \"x\",\n    \"parallel\": \"two\"\n  }\n}\n")
        XCTAssertEqual(run.code, 2, run.out + run.err)
        XCTAssertTrue(run.err.hasPrefix("specs.json:4:5: error: --parallel takes a whole number"), run.err)
    }

    /// Two profiles named (`-p ci -p wip`, a Cucumber habit): an error, not the second read
    /// past without a word; the same one named twice is one.
    func test_run_twoProfiles_isAnErrorNamingBoth() throws {
        let json = #"{ "default": { "format": ["summary"] }, "profiles": { "ci": {}, "wip": {} } }"#
        for arguments in [["-p", "ci", "-p", "wip"], ["--profile", "ci", "--profile=nope"], ["-pci", "-pwip"]] {
            let run = try run(json, arguments)
            XCTAssertEqual(run.code, 2, "\(arguments)" + run.out + run.err)
            XCTAssertTrue(run.err.hasPrefix("error: --profile is given 2 times ('ci', '"), "\(arguments)" + run.err)
        }
        let same = try run(json, ["--profile", "ci", "-p", "ci"])
        XCTAssertEqual(same.code, 0, same.out + same.err)
    }

    /// The scenario tests take the file's step timeout too, as a run does (60 s without one).
    func test_configuredRun_timeoutOfTheFileAndItsProfile() throws {
        let directory = project.root.path
        try project.write("specs.json", #"{ "default": { "timeout": 300 }, "profiles": { "ci": { "timeout": 5 } } }"#)
        XCTAssertEqual(try ProfileArguments.configuredRun(profile: nil, directory: directory)?.stepTimeout, 300)
        XCTAssertEqual(try ProfileArguments.configuredRun(profile: "ci", directory: directory)?.stepTimeout, 5)
        try project.write("specs.json", #"{ "default": { "tags": "@a" } }"#)
        XCTAssertEqual(try ProfileArguments.configuredRun(profile: nil, directory: directory)?.stepTimeout, 60)
        try project.write("specs.json", #"{ "default": { "timeout": 0 } }"#)
        XCTAssertThrowsError(try ProfileArguments.configuredRun(profile: nil, directory: directory))
    }

    func test_run_missingComma_isAnErrorAtItsLineAndColumn() throws {
        let run = try run("{\n  \"default\": { \"tags\": \"@smoke\" \"timeout\": 30 }\n}\n")
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertEqual(
            run.err, "specs.json:2:33: error: expected ',' or '}' after a value, found '\"' (a comma missing?)\n")
    }

    func test_run_keyGivenTwice_isAnErrorNamingBothPlaces() throws {
        let run = try run(
            """
            {
              "profiles": {
                "ci": { "parallel": 4 },
                "ci": { "retry": 1 }
              }
            }
            """, ["--profile", "ci"])
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertEqual(run.err, "specs.json:4:5: error: the key 'ci' is given twice (first at 3:5)\n")
    }

    func test_run_trailingComma_isAnErrorAtTheClosingBrace() throws {
        let run = try run(#"{ "default": { "tags": "@smoke", } }"#)
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertEqual(run.err, "specs.json:1:34: error: expected a key after ',' (a comma too many?)\n")
    }

    func test_lint_missingComma_isTheSameError() throws {
        let run = try run("{ \"lint\": { \"rules\": {} } \"default\": {} }", ["lint"])
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertTrue(run.err.hasPrefix("specs.json:1:27: error: expected ',' or '}' after a value"), run.err)
    }

    func test_run_optionOfTheWrongType_isAnErrorAtItsKey() throws {
        let cases: [(String, [String], String)] = [
            (
                "{\n  \"default\": {\n    \"tags\": 5\n  }\n}\n", [],
                "specs.json:3:5: error: --tags '5': '5' is not a tag, tags start with @. Did you mean '@5'?"
            ),
            (
                #"{ "default": { "format": true } }"#, [],
                "specs.json:1:16: error: 'format' takes a value <name[:path]>, not true or false"
            ),
            (
                #"{ "default": { "dry-run": "yes" } }"#, [],
                "specs.json:1:16: error: 'dry-run' is a switch: give it true or false"
            ),
            (
                #"{ "default": { "tags": { "not": "@wip" } } }"#, [],
                "specs.json:1:16: error: 'tags' takes a string, a number, true or false, or a list of strings and numbers"
            ),
            (
                "{ \"default\": { \"parallel\": 2 },\n  \"profiles\": { \"ci\": { \"parallel\": \"x\" } } }",
                ["--profile", "ci"],
                "specs.json:2:25: error: --parallel takes a whole number from 1 to 1024, not 'x'"
            ),
            (#"{ "default": { "paths": true } }"#, [], "specs.json:1:16: error: 'paths' takes a list of paths"),
            (#"{ "format": true }"#, [], "specs.json:1:3: error: 'format' is not an object (it takes \"indent\")"),
        ]
        for (json, arguments, expected) in cases {
            let run = try run(json, arguments)
            XCTAssertEqual(run.code, 2, json + run.out)
            XCTAssertEqual(run.err, expected + "\n", json)
        }
    }

    func test_run_wellFormedFile_runs() throws {
        let run = try run(#"{ "default": { "tags": "not @wip", "timeout": 30 } }"#)
        XCTAssertEqual(run.code, 0, run.out + run.err)
    }
}
