import XCTest

@testable import ScenarioTestGeneration

final class ScenarioTestGeneratorTests: XCTestCase {
    private func generate(_ text: String, path: String = "Features/cart.feature") -> String {
        let files = ScenarioTestGenerator(module: "CartTests").generate([
            FeatureFileInput(path: path, absolutePath: "/work/" + path, content: .success(text))
        ])
        XCTAssertEqual(files.map(\.name), [OutputName.common, OutputName.forFeature(at: "/work/" + path)])
        return files.last?.contents ?? ""
    }

    /// The `func` and `struct` names of generated code, in order.
    private func declarations(_ code: String) -> [String] {
        code.split(separator: "\n").compactMap { line in
            for marker in ["func `", "@Suite struct `"] {
                if let start = line.range(of: marker)?.upperBound { return String(line[start...].prefix { $0 != "`" }) }
            }
            return nil
        }
    }

    func test_generate_outlineWithManyExampleTables_makesOneTestPerRowInTheOutlinesSuite() {
        let code = generate(
            """
            Feature: Cart
              Scenario Outline: Adding <count> items
                Given <count> items

                Examples:
                  | count |
                  | 1     |
                  | 2     |

                Examples: Many
                  | count |
                  | 30    |

                @slow
                Examples:
                  | count |
                  | 400   |
            """)
        XCTAssertEqual(
            declarations(code),
            [
                "Feature: Cart", "Scenario Outline: Adding ‹count› items",
                "Examples: | 1 |", "Examples: | 2 |", "Examples: Many | 30 |", "Examples: | 400 |",
            ])
        XCTAssertTrue(code.contains("line: 7)"), code)
        XCTAssertTrue(code.contains("line: 17)"), code)
        XCTAssertTrue(code.contains(#"line: 17, tags: ["@slow"]))"#), code)
    }

    func test_generate_duplicateScenarioNames_tellsThemApartByLine() {
        let code = generate(
            """
            Feature: Cart
              Scenario: Same
                Given a
              Scenario: Same
                Given b
              Scenario: Other
                Given c
              Scenario Outline: Rows
                Given <x>
                Examples:
                  | x |
                  | 1 |
                  | 1 |
            """)
        XCTAssertEqual(
            declarations(code),
            [
                "Feature: Cart", "Same (line 2)".prefixed, "Same (line 4)".prefixed, "Scenario: Other",
                "Scenario Outline: Rows", "Examples: | 1 | (line 12)", "Examples: | 1 | (line 13)",
            ])
    }

    func test_generate_namesWithQuotesBackslashesBackticksAndMarkup_useLookAlikes() {
        let code = generate(
            #"""
            Feature: Names
              Scenario: She said "hi" to `bob` at C:\dir <b> & co
                Given a
            """#)
        XCTAssertEqual(declarations(code).last, "Scenario: She said “hi” to ʼbobʼ at C:∖dir ‹b› ＆ co")
    }

    func test_generate_emojiAndNonLatinScripts_areKeptAsWritten() {
        let code = generate(
            """
            # language: es
            Característica: Carrito 🛒
              Escenario: Compra en 日本 y مرحبا
                Dado un paso
            """)
        XCTAssertEqual(declarations(code), ["Característica: Carrito 🛒", "Escenario: Compra en 日本 y مرحبا"])
    }

    func test_generate_rules_nestTheirScenariosInASuite() {
        let code = generate(
            """
            Feature: Cart
              Rule: Totals
                Scenario: Sum
                  Given a
            """)
        XCTAssertEqual(declarations(code), ["Feature: Cart", "Rule: Totals", "Scenario: Sum"])
    }

    func test_generate_fileThatDoesNotParse_makesATestThatReportsItsErrors() {
        let code = generate(
            """
            Feature: Broken
              Scenario: fine
                Given a

            Feature: A second feature in one file
            """, path: "Features/broken.feature")
        XCTAssertEqual(declarations(code), ["Features/broken.feature cannot be run"])
        XCTAssertTrue(code.contains("ScenarioTests.reportProblems(featureFile_"), code)
    }

    func test_generate_unreadableFile_carriesTheReasonAndPlace() {
        let files = ScenarioTestGenerator(module: "CartTests").generate([
            FeatureFileInput(
                path: "Features/latin1.feature", absolutePath: "/work/Features/latin1.feature",
                content: .failure(.init(message: "invalid UTF-8", line: 3, column: 7)))
        ])
        let code = files.last?.contents ?? ""
        XCTAssertTrue(code.contains(#"unreadable: "invalid UTF-8", line: 3, column: 7"#), code)
        XCTAssertEqual(declarations(code), ["Features/latin1.feature cannot be run"])
    }

    func test_generate_noFeatureFiles_makesAFailingTestInsteadOfNothing() {
        let files = ScenarioTestGenerator(module: "CartTests").generate([])
        XCTAssertEqual(files.map(\.name), ["Features.generated.swift"])
        XCTAssertTrue(
            files[0].contents.contains("ScenarioTests.reportNoFeatureFiles(module: \"CartTests\")"), files[0].contents)
    }

    /// The files generated for `Features/a.feature` and `Features/b.feature`, each holding `text(name)`.
    private func generateFilesAAndB(_ text: (String) -> String) -> [GeneratedFile] {
        ScenarioTestGenerator(module: "T").generate(
            ["a", "b"].map { name in
                FeatureFileInput(
                    path: "Features/\(name).feature", absolutePath: "/\(name)", content: .success(text(name)))
            })
    }

    func test_generate_sameFeatureNameInTwoFiles_tellsTheSuitesApartByPath() {
        let files = generateFilesAAndB { _ in "Feature: Same\n  Scenario: S\n    Given x\n" }
        XCTAssertEqual(files.count, 3)
        XCTAssertTrue(files[1].contents.contains("struct `Feature: Same (Features/a.feature)`"), files[1].contents)
        XCTAssertTrue(files[2].contents.contains("struct `Feature: Same (Features/b.feature)`"), files[2].contents)
    }

    func test_generate_featureFile_hasANameOfItsOwn_soAddingAFileDoesNotChangeTheOthersLookups() {
        let code = generate("Feature: Cart\n  Scenario: S\n    Given x\n")
        // A name every file declared made each file depend on all the others.
        XCTAssertFalse(code.contains("var featureFile:"), code)
        XCTAssertTrue(code.contains("private var featureFile_"), code)
    }

    func test_generate_featureWithoutScenarios_declaresNoSuite() {
        let code = generate("Feature: Empty\n  Only words.\n")
        XCTAssertEqual(declarations(code), [])
        XCTAssertFalse(code.contains("extension Features"), code)
    }

    func test_generate_source_isEmbeddedAsALiteralThatReadsBackExactly() {
        let text = "Feature: \"q\" \\ é\r\n\tScenario: s\u{202E}\n    Given \u{1}x\n"
        let code = generate(text)
        guard let line = code.split(separator: "\n").first(where: { $0.contains("source: ") }),
            let start = line.range(of: "source: ")?.upperBound
        else { return XCTFail(code) }
        XCTAssertEqual(Self.unescape(String(line[start...].dropLast())), text)
    }

    /// The compact form's tests, as `suite path / name`, and its record entries, in order.
    private func compactTests(_ code: String) -> (tests: [String], records: [String]) {
        guard let start = code.range(of: "#if \(CompactWriter.condition)\n")?.upperBound,
            let end = code.range(of: "#else\n")?.lowerBound
        else { return ([], []) }
        var tests: [String] = []
        var records: [String] = []
        for line in code[start..<end].split(separator: "\n") {
            if let call = line.range(of: "ScenarioTests.store(\"")?.upperBound,
                let nameEnd = line[call...].range(of: "\", in: ")
            {
                let name = String(line[call..<nameEnd.lowerBound])
                let path = line[nameEnd.upperBound...].prefix { $0 != "," }.dropLast(".self".count)
                tests.append(path.replacing("Features.", with: "").replacing("`.`", with: " / ") + " / " + name)
            }
            if line.hasPrefix("    (0x7465_7374, 0, ") { records.append(String(line.split(separator: ", ")[2])) }
        }
        return (tests.map { $0.replacing("`", with: "") }, records)
    }

    func test_generate_compactForm_namesAndNestsEveryTestAsTheTestFormDoes() {
        let code = generate(
            """
            Feature: Cart
              Scenario: Sum
                Given a
              Rule: Totals
                @slow
                Scenario Outline: Adding <n>
                  Given <n>
                  Examples:
                    | n |
                    | 1 |
                    | 2 |
            """)
        XCTAssertEqual(
            compactTests(code).tests,
            [
                "Feature: Cart / Scenario: Sum",
                "Feature: Cart / Rule: Totals / Scenario Outline: Adding ‹n› / Examples: | 1 |",
                "Feature: Cart / Rule: Totals / Scenario Outline: Adding ‹n› / Examples: | 2 |",
            ])
        XCTAssertEqual(
            declarations(code),
            [
                "Feature: Cart", "Scenario: Sum", "Rule: Totals", "Scenario Outline: Adding ‹n›", "Examples: | 1 |",
                "Examples: | 2 |",
            ])
        XCTAssertTrue(code.contains(#"tags: ["@slow"], featureFile_"#), code)
        XCTAssertTrue(code.contains("line: 10, into: value, asTypeAt: type)"), code)
        XCTAssertTrue(code.contains("enum `Feature: Cart` {\n        enum `Rule: Totals` {\n"), code)
    }

    func test_generate_compactForm_recordsEveryTestOnceInTuplesThatFitOneDeclaration() {
        let rows = (1...130).map { "      | \($0) |" }.joined(separator: "\n")
        let code = generate(
            "Feature: Rows\n  Scenario Outline: Row <n>\n    Given <n>\n    Examples:\n      | n |\n" + rows)
        let compact = compactTests(code)
        XCTAssertEqual(compact.tests.count, 130)
        let suffix = OutputName.hash("/work/Features/cart.feature")
        XCTAssertEqual(compact.records, (6...135).map { "scenario\($0)_\(suffix)" })
        XCTAssertEqual(
            code.components(separatedBy: "@section(\"swift5_tests\") @used\nprivate let scenarioRecords").count - 1, 3)
        XCTAssertTrue(
            code.contains(
                "private let scenarioRecords2_\(suffix): (Testing.__TestContentRecord, Testing.__TestContentRecord) = ("
            ), code)
    }

    func test_generate_compactForm_twoFilesDeclareNoNameInCommon() {
        let files = generateFilesAAndB { "Feature: \($0)\n  Scenario: S\n    Given x\n  Scenario: T\n    Given y\n" }
        let declared = files.dropFirst().map { file in
            Set(
                file.contents.split(separator: "\n").compactMap { line -> String? in
                    for marker in ["private func ", "private let ", "private var "] {
                        if let start = line.range(of: marker)?.upperBound {
                            return String(line[start...].prefix { $0 != "(" && $0 != ":" })
                        }
                    }
                    return nil
                })
        }
        XCTAssertEqual(declared.map(\.count), [4, 4], "\(declared)")
        XCTAssertEqual(declared[0].intersection(declared[1]), [])
    }

    func test_generate_compactForm_isBuiltOnlyWhereItWasCheckedAndTheTestFormElsewhere() {
        let code = generate("Feature: Cart\n  Scenario: S\n    Given x\n")
        XCTAssertEqual(
            CompactWriter.condition, "compiler(>=6.3) && compiler(<6.4) && os(Linux) && !SPECS_SCENARIO_TEST_MACROS")
        let lines = code.split(separator: "\n").map(String.init)
        let ifLine = lines.firstIndex(of: "#if \(CompactWriter.condition)")
        let elseLine = lines.firstIndex(of: "#else")
        let endLine = lines.lastIndex(of: "#endif")
        XCTAssertNotNil(ifLine, code)
        XCTAssertTrue(ifLine ?? 0 < elseLine ?? 0 && elseLine ?? 0 < endLine ?? 0, code)
        let source = ScenarioTestGenerator.sourceName(
            FeatureFileInput(
                path: "Features/cart.feature", absolutePath: "/work/Features/cart.feature", content: .success("")))
        XCTAssertTrue(
            lines[(elseLine ?? 0)...].contains { $0.contains("@Test(.scenario(\(source), line: 2, tags: []))") }, code)
    }

    func test_generate_features_countsItsScenarioTestsForTheSuiteToCheckDiscovery() {
        let files = generateFilesAAndB { name in
            "Feature: \(name)\n  Scenario: S\n    Given x\n  Scenario Outline: O\n    Given <n>\n"
                + "    Examples:\n      | n |\n      | 1 |\n      | 2 |\n  Rule: R\n    Scenario: In a rule\n      Given y\n"
        }
        let common = files.first?.contents ?? ""
        XCTAssertTrue(
            common.contains(
                """
                @Suite(
                    ScenarioTests.features(
                        // ScenarioTests.registry: `extension ScenarioTests { static let registry = YourSteps.registry() }`
                        // in a Swift file of this target gives the scenario tests their steps.
                        of: ScenarioTests.registry, module: "T", generated: 8,
                        form: scenarioTestForm))
                struct Features {
                """), common)
        XCTAssertTrue(
            common.contains(
                """
                #if \(CompactWriter.condition)
                private let scenarioTestForm = ScenarioTests.Form.compact
                #else
                private let scenarioTestForm = ScenarioTests.Form.macros
                #endif
                """), common)
    }

    func test_generate_features_countsNoTestOfAFileThatDoesNotParseOrHasNoScenario() {
        let files = ScenarioTestGenerator(module: "T").generate([
            FeatureFileInput(path: "a.feature", absolutePath: "/a", content: .success("Feature: A\n  Scenario: S\n")),
            FeatureFileInput(path: "b.feature", absolutePath: "/b", content: .success("Feature: B\n  Scenari: typo\n")),
            FeatureFileInput(path: "c.feature", absolutePath: "/c", content: .success("Feature: C\n")),
        ])
        XCTAssertTrue(files[0].contents.contains("module: \"T\", generated: 1,"), files[0].contents)
    }

    func test_generate_compactForm_dropsItsRecordsUnderTheCheckingDefineOnly() {
        let code = generate("Feature: Cart\n  Scenario: S\n    Given x\n")
        let lines = code.split(separator: "\n").map(String.init)
        let dropIf = lines.firstIndex(of: "#if !SPECS_DROP_SCENARIO_TEST_RECORDS")
        let record = lines.firstIndex { $0.hasPrefix("@section(\"swift5_tests\")") }
        let dropEnd = lines.firstIndex(of: "#endif")
        XCTAssertNotNil(dropIf, code)
        XCTAssertTrue(dropIf ?? 0 < record ?? 0 && record ?? 0 < dropEnd ?? 0, code)
        XCTAssertLessThan(dropEnd ?? 0, lines.firstIndex(of: "#else") ?? 0, code)
    }

    func test_testName_controlAndFormatCharacters_becomeOneSpaceOrVanish() {
        XCTAssertEqual(TestName("a\t\tb\u{202E}c\u{200F}  d  ").text, "a bc d")
    }

    /// Reads back a literal written by `SwiftLiteral.string`.
    static func unescape(_ literal: String) -> String {
        var scalars = Array(literal.unicodeScalars.dropFirst().dropLast())[...]
        var result = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.popFirst() else {
                result.append(scalar)
                continue
            }
            switch next {
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "u":
                scalars = scalars.dropFirst()  // {
                let hex = String(String.UnicodeScalarView(scalars.prefix { $0 != "}" }))
                scalars = scalars.dropFirst(hex.unicodeScalars.count + 1)
                result.append(Unicode.Scalar(UInt32(hex, radix: 16) ?? 0) ?? "?")
            default: result.append(next)
            }
        }
        return String(result)
    }
}

extension String {
    fileprivate var prefixed: String { "Scenario: " + self }
}
