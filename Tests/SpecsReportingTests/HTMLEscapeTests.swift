import XCTest

@testable import SpecsReporting

final class HTMLEscapeTests: XCTestCase {
    func test_text_markupCharacters_areAlwaysEscaped() {
        XCTAssertEqual(
            HTMLEscape.text(#"<a href="x">'&'</a>"#), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }

    func test_text_leftToRightText_isLeftAsItIs() {
        XCTAssertEqual(HTMLEscape.text("Pay 10 EUR 日本語 🛒"), "Pay 10 EUR 日本語 🛒")
    }

    func test_text_overrideLeftOpen_isClosedAndTheTextIsolated() {
        XCTAssertEqual(HTMLEscape.text("pay \u{202E}10 EUR"), "\u{2068}pay \u{202E}10 EUR\u{202C}\u{2069}")
    }

    func test_text_nestedOpenings_areClosedInnermostFirst() {
        XCTAssertEqual(HTMLEscape.text("a\u{202B}b\u{2067}c"), "\u{2068}a\u{202B}b\u{2067}c\u{2069}\u{202C}\u{2069}")
    }

    func test_text_strayClosers_areDroppedSoTheyCannotCloseTheIsolate() {
        XCTAssertEqual(HTMLEscape.text("x\u{2069}y\u{202C}"), "xy")
    }

    func test_text_rightToLeftLetters_areIsolated() {
        XCTAssertEqual(HTMLEscape.text("שלום: 3"), "\u{2068}שלום: 3\u{2069}")
    }
}
