import Identity
import XCTest

final class PasswordTests: XCTestCase {
    func test_init_with_empty_string_throws_empty() {
        XCTAssertThrowsError(try Password("")) { error in
            XCTAssertEqual(error as? Password.ValidationError, .empty)
        }
    }

    func test_init_with_non_empty_string_keeps_value() throws {
        XCTAssertEqual(try Password("Str0ngP@ss").value, "Str0ngP@ss")
    }
}
