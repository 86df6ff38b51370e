import ConformanceData
import TagExpressions
import XCTest

/// Expressions of any length or depth parse, evaluate, compare and print without
/// recursion; seeded random expressions agree with a reference evaluation.
final class TagExpressionDepthTests: XCTestCase {
    private static let terms = 100_000

    func test_parse_hundredThousandTermOr_evaluatesWithoutRecursion() throws {
        let text = (0..<Self.terms).map { "@t\($0)" }.joined(separator: " or ")
        let expression = try TagExpressionParser.parse(text)
        XCTAssertEqual(expression.tagNames.count, Self.terms)
        XCTAssertTrue(expression.evaluate(["@t99999"]))
        XCTAssertFalse(expression.evaluate(["@other"]))
        XCTAssertEqual(expression, try TagExpressionParser.parse(text))
        XCTAssertTrue(expression.description.hasSuffix("or @t99999 )"))
    }

    func test_parse_hundredThousandNestedParentheses_isTheTag() throws {
        let depth = Self.terms
        let text = String(repeating: "(", count: depth) + "@a" + String(repeating: ")", count: depth)
        XCTAssertEqual(try TagExpressionParser.parse(text), .tag("@a"))
    }

    func test_parse_hundredThousandNots_alternate() throws {
        let even = try TagExpressionParser.parse(String(repeating: "not ", count: Self.terms) + "@a")
        XCTAssertTrue(even.evaluate(["@a"]))
        XCTAssertFalse(even.evaluate([]))
        let odd = try TagExpressionParser.parse(String(repeating: "not ", count: Self.terms + 1) + "@a")
        XCTAssertFalse(odd.evaluate(["@a"]))
        XCTAssertTrue(odd.description.hasPrefix("not ( not ( "))
    }

    func test_parse_hundredThousandAndsRightNested_evaluates() throws {
        let depth = Self.terms
        let text =
            (0..<depth).map { "@t\($0) and (" }.joined() + "@last" + String(repeating: ")", count: depth)
        let expression = try TagExpressionParser.parse(text)
        let all = Set((0..<depth).map { "@t\($0)" } + ["@last"])
        XCTAssertTrue(expression.evaluate(all))
        XCTAssertFalse(expression.evaluate(all.subtracting(["@t5000"])))
    }

    func test_parse_unbalancedDeepExpression_isASyntaxError() {
        let text = String(repeating: "(", count: Self.terms) + "@a"
        XCTAssertThrowsError(try TagExpressionParser.parse(text)) { error in
            XCTAssertTrue("\(error)".hasSuffix("syntax error: Unmatched (."), "\(error)")
        }
    }

    /// Random expressions of a seeded generator: parsed from their canonical text, evaluated
    /// against every set of their tags, as a tree read recursively evaluates them.
    func test_parse_seededRandomExpressions_agreeWithTheReferenceEvaluation() throws {
        var generator = SeededGenerator(seed: 55)
        for _ in 0..<500 {
            let tree = Tree.random(depth: 5, using: &generator)
            let text = tree.text
            let parsed = try TagExpressionParser.parse(text)
            XCTAssertEqual(try TagExpressionParser.parse(parsed.description), parsed, text)
            for mask in 0..<8 {
                let tags = (0..<3).filter { mask & (1 << $0) != 0 }.map { "@t\($0)" }
                XCTAssertEqual(parsed.evaluate(tags), tree.evaluate(Set(tags)), "\(text) with \(tags)")
            }
        }
    }

    /// A small expression as a tree, for reference.
    private indirect enum Tree {
        case tag(Int)
        case not(Tree)
        case and(Tree, Tree)
        case or(Tree, Tree)

        static func random(depth: Int, using generator: inout SeededGenerator) -> Tree {
            let pick = depth == 0 ? 0 : Int(generator.next() % 4)
            switch pick {
            case 0: return .tag(Int(generator.next() % 3))
            case 1: return .not(random(depth: depth - 1, using: &generator))
            case 2:
                return .and(random(depth: depth - 1, using: &generator), random(depth: depth - 1, using: &generator))
            default:
                return .or(random(depth: depth - 1, using: &generator), random(depth: depth - 1, using: &generator))
            }
        }

        var text: String {
            switch self {
            case .tag(let index): "@t\(index)"
            case .not(let inner): "not (\(inner.text))"
            case .and(let lhs, let rhs): "(\(lhs.text)) and (\(rhs.text))"
            case .or(let lhs, let rhs): "(\(lhs.text)) or (\(rhs.text))"
            }
        }

        func evaluate(_ tags: Set<String>) -> Bool {
            switch self {
            case .tag(let index): tags.contains("@t\(index)")
            case .not(let inner): !inner.evaluate(tags)
            case .and(let lhs, let rhs): lhs.evaluate(tags) && rhs.evaluate(tags)
            case .or(let lhs, let rhs): lhs.evaluate(tags) || rhs.evaluate(tags)
            }
        }
    }
}
