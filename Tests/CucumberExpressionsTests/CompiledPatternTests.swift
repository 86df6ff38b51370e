import CucumberExpressions
import Foundation
import XCTest

/// When a step definition's pattern is compiled: a Cucumber Expression of built-in
/// parameter types at its first match (valid by construction), anything else at once.
final class CompiledPatternTests: XCTestCase {
    func test_init_textWithEveryRegexMetacharacter_compilesToAValidPattern() throws {
        let source =
            #"a ^$.|?*+[]\{\}\(\) b {int} {float} {word} {string} {} {bigdecimal} {biginteger} {byte} {short} {long} {double}"#
            + " cuke(s) red/green (with )extra"
        let expression = try CucumberExpression(source)

        XCTAssertNoThrow(try NSRegularExpression(pattern: expression.regularExpression))
        let text = #"a ^$.|?*+[]{}() b 1 2.5 w "s" any 3.5 4 5 6 7 8.5 cukes green extra"#
        let arguments = try XCTUnwrap(expression.match(text))
        XCTAssertEqual(arguments.count, 11)
        XCTAssertEqual(try arguments[0].value() as? Int, 1)
        XCTAssertEqual(try arguments[3].value() as? String, "s")
    }

    func test_match_groupStartingInsideACharacter_isTheTextFromThere() throws {
        // "café" written as "cafe" and a combining accent: the group starts at the accent.
        XCTAssertEqual(
            try RegularExpression(#"^graph cafe(.+)$"#).match("graph cafe\u{301} au lait")?.first?.group.value,
            "\u{301} au lait")
        XCTAssertEqual(
            try CucumberExpression("graph2 cafe{}").match("graph2 cafe\u{301} au lait")?.first?.group.value,
            "\u{301} au lait")
        XCTAssertEqual(try RegularExpression("^a(.*)b$").match("a\u{200D}b")?.first?.group.value, "\u{200D}")
        XCTAssertEqual(try RegularExpression("^🇩(.+)$").match("🇩🇪")?.first?.group.value, "🇪")
        XCTAssertEqual(try RegularExpression("^x(.)(.)$").match("xé\u{301}")?.map(\.group.start), [1, 2])
    }

    func test_match_fromManyTasksAtOnce_everyTaskGetsTheSameArguments() async throws {
        let expression = try CucumberExpression("the cart contains {int} items")
        let values = await withTaskGroup(of: Int?.self) { group in
            for index in 0..<64 {
                group.addTask { try? expression.match("the cart contains \(index) items")?.first?.value() as? Int }
            }
            return await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        XCTAssertEqual(Set(values.compactMap { $0 }), Set(0..<64))
        XCTAssertNil(expression.match("the cart contains many items"))
    }

    func test_define_typeWithAnInvalidPattern_isRefusedWithThePattern() {
        var registry = ParameterTypeRegistry()
        XCTAssertThrowsError(
            try registry.define(ParameterType(name: "broken", regularExpressions: ["(unclosed"]) { $0.first ?? nil })
        ) { error in
            XCTAssertEqual(
                (error as? ParameterTypeError)?.message,
                "The regular expression of parameter type {broken} does not compile: /(unclosed/")
        }
        XCTAssertNil(registry.lookup("broken"))
    }

    func test_define_typeWithAnEmptyPattern_isAccepted() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "nothing", regularExpressions: [""]) { $0.first ?? nil })
        XCTAssertNotNil(registry.lookup("nothing"))
    }

    func test_init_invalidRegularExpression_throwsWhenTheExpressionIsMade() {
        XCTAssertThrowsError(try RegularExpression("^a (unclosed$")) { error in
            XCTAssertEqual("\(error)", "invalid regular expression: /^a (unclosed$/")
        }
    }

    func test_isBuiltIn_builtInAndDefinedTypes_tellsThemApart() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "colour", regularExpressions: ["red|blue"]) { $0.first ?? nil })

        XCTAssertTrue(
            ["int", "float", "word", "string", "", "bigdecimal", "biginteger", "byte", "short", "long", "double"]
                .allSatisfy(registry.isBuiltIn))
        XCTAssertFalse(registry.isBuiltIn("colour"))
    }
}
