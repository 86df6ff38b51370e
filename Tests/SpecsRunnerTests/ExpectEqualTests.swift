import SpecsRunner
import XCTest

/// What `expectEqual` says when the values differ: the values as a reader compares them.
final class ExpectEqualTests: XCTestCase {
    private func failure(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no failure"
        } catch let failure as ExpectationFailure {
            return failure.message
        } catch {
            return "\(error)"
        }
    }

    func test_expectEqual_optionals_showTheirValuesOrNil() {
        let balances: [String: Int] = ["Ann": 100]
        XCTAssertEqual(failure { try expectEqual(balances["Ann"], 70, "balance") }, "balance: expected 70, got 100")
        XCTAssertEqual(failure { try expectEqual(balances["Bob"], 70, "balance") }, "balance: expected 70, got nil")
        let nested: Int?? = .some(nil)
        XCTAssertEqual(failure { try expectEqual(nested, 1) }, "value: expected 1, got nil")
    }

    func test_expectEqual_valuesThatPrintAlike_shownAsWrittenInSwift() {
        XCTAssertEqual(failure { try expectEqual("Ann ", "Ann", "name") }, #"name: expected "Ann", got "Ann ""#)
        XCTAssertEqual(failure { try expectEqual(Optional("1"), "1\n") }, #"value: expected "1\n", got "1""#)
    }

    func test_expectEqual_equalValues_passes() {
        XCTAssertEqual(failure { try expectEqual(Optional(3), 3) }, "no failure")
        XCTAssertEqual(failure { try expectEqual(2, 3, "count") }, "count: expected 3, got 2")
    }
}
