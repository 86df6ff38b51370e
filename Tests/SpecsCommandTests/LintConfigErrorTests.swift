import Foundation
import XCTest

/// Lint settings that do not read are an error at their line and column, through the real
/// executable, worded as a `specs.json` error is: `--config FILE`, `.specs-lint.json` and the
/// `lint` of `specs.json`.
final class LintConfigErrorTests: XCTestCase {
    private var project: ScratchProject!

    override func setUpWithError() throws {
        project = try ScratchProject("specs-lint-config")
        try project.write("Features/a.feature", "Feature: A\n  Scenario: s\n    Given a step\n")
    }

    override func tearDown() {
        project.remove()
    }

    private func lint(_ arguments: [String] = []) throws -> ExecutableRun {
        try ExecutableRun.run("specs", ["lint"] + arguments + ["Features"], in: project.root)
    }

    func test_lint_configNotJSON_isAnErrorAtItsLineAndColumn() throws {
        try project.write("broken.json", "{\n  \"rules\": {\n    \"scenario-size\": { \"max\": 8 },\n  }\n}\n")
        let run = try lint(["--config", "broken.json"])
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertEqual(run.err, "broken.json:4:3: error: expected a key after ',' (a comma too many?)\n")
    }

    func test_lint_configKnownKeyOfTheWrongType_isAnErrorAtTheKey() throws {
        let cases: [(String, String)] = [
            (
                "{\n  \"rules\": {\n    \"scenario-size\": { \"max\": \"eight\" }\n  }\n}\n",
                "3:24: error: rule 'scenario-size': 'max' takes a whole number of steps, 1 or more"
            ),
            (#"{ "rules": { "scenario-size": { "max": true } } }"#, "1:33: error: rule 'scenario-size': 'max' takes"),
            (#"{ "rules": ["scenario-size"] }"#, "1:3: error: 'rules' takes an object of rules by name"),
            (
                #"{ "rules": { "restricted-tags": { "tags": "@wip" } } }"#,
                "1:35: error: rule 'restricted-tags': 'tags' takes a list of tags"
            ),
            (
                #"{ "rules": { "step-order": { "severity": 2 } } }"#,
                "1:30: error: rule 'step-order': severity is not \"off\", \"warning\" or \"error\""
            ),
            (
                #"{ "rules": { "step-order": "loud" } }"#,
                "1:14: error: rule 'step-order': severity 'loud' is not \"off\", \"warning\" or \"error\""
            ),
            (#"{ "rules": { "step-order": 3 } }"#, "1:14: error: rule 'step-order' takes a severity or an object"),
            (#"["rules"]"#, "1:1: error: the file is not a JSON object"),
        ]
        for (json, expected) in cases {
            try project.write("typed.json", json)
            let run = try lint(["--config", "typed.json"])
            XCTAssertEqual(run.code, 2, json + run.out)
            XCTAssertTrue(run.err.hasPrefix("typed.json:" + expected), json + "\n" + run.err)
            XCTAssertFalse(run.err.contains("NSCocoaErrorDomain"), run.err)
        }
    }

    func test_lint_unknownKeyOfARule_isAnErrorAtItNamingTheKeysTheRuleTakes() throws {
        let cases: [(String, String)] = [
            (
                "{\n  \"rules\": {\n    \"scenario-size\": { \"maxx\": 5 }\n  }\n}\n",
                ".specs-lint.json:3:24: error: rule 'scenario-size': unknown key 'maxx' (the rule takes 'severity' and 'max'); "
                    + "did you mean 'max'?"
            ),
            (
                #"{ "rules": { "restricted-tags": { "severity": "error", "tag": ["@wip"] } } }"#,
                ".specs-lint.json:1:56: error: rule 'restricted-tags': unknown key 'tag' (the rule takes 'severity' and 'tags'); "
                    + "did you mean 'tags'?"
            ),
            (
                #"{ "rules": { "step-order": { "max": 3 } } }"#,
                ".specs-lint.json:1:30: error: rule 'step-order': unknown key 'max' (the rule takes 'severity')"
            ),
            (
                #"{ "rules": { "scenario-size": { "limit": 3 } } }"#,
                ".specs-lint.json:1:33: error: rule 'scenario-size': unknown key 'limit' (the rule takes 'severity' and 'max')"
            ),
        ]
        for (json, expected) in cases {
            try project.write(".specs-lint.json", json)
            let run = try lint()
            XCTAssertEqual(run.code, 2, json + run.out)
            XCTAssertEqual(run.err, expected + "\n", json)
        }
    }

    func test_lint_unknownRule_isToldTheNearestRuleOrEveryRule() throws {
        try project.write(".specs-lint.json", #"{ "rules": { "scenario-sise": "off" } }"#)
        let near = try lint()
        XCTAssertEqual(near.code, 2, near.out)
        XCTAssertEqual(
            near.err, ".specs-lint.json:1:14: error: unknown rule 'scenario-sise'; did you mean 'scenario-size'?\n")
        try project.write(".specs-lint.json", #"{ "rules": { "tabs": "off" } }"#)
        let far = try lint()
        XCTAssertEqual(far.code, 2, far.out)
        XCTAssertTrue(
            far.err.hasPrefix(
                ".specs-lint.json:1:14: error: unknown rule 'tabs'; the rules are duplicate-scenario-name, "),
            far.err)
        XCTAssertFalse(far.err.contains("did you mean"), far.err)
    }

    func test_lint_defaultSettingsFileNotJSON_isTheSameError() throws {
        try project.write(".specs-lint.json", #"{ "rules": { "step-order": "off" "# + "\n")
        let run = try lint()
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertEqual(run.err, ".specs-lint.json:2:1: error: the file ends before every '{' and '[' is closed\n")
    }

    func test_lint_specsJSONLintSectionWrongType_isAnErrorAtItsPlaceInSpecsJSON() throws {
        try project.write(
            "specs.json", "{ \"default\": {},\n  \"lint\": { \"rules\": { \"scenario-siz\": \"off\" } } }\n")
        let run = try lint()
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertTrue(run.err.hasPrefix("specs.json:2:24: error: unknown rule 'scenario-siz'"), run.err)
    }

    func test_lint_wellFormedConfig_setsTheRules() throws {
        try project.write("good.json", #"{ "rules": { "scenario-size": { "severity": "error", "max": 8 } } }"#)
        let run = try lint(["--config", "good.json"])
        XCTAssertEqual(run.code, 0, run.out + run.err)
    }
}
