import Identity
import XCTest

final class EmailTests: XCTestCase {
    func test_init_with_valid_format_keeps_value() throws {
        XCTAssertEqual(try Email("user@example.com").value, "user@example.com")
    }

    func test_init_with_invalid_format_throws_invalidFormat() {
        for raw in [
            "esto-no-es-un-email", "", "@example.com", "user@", "user@example", "us er@example.com", "a@b@c.com",
        ] {
            XCTAssertThrowsError(try Email(raw), raw) { error in
                XCTAssertEqual(error as? Email.ValidationError, .invalidFormat, raw)
            }
        }
    }
}
