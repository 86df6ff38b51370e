import Foundation
import XCTest

@testable import SpecsReporting

final class ChapterJSONTests: XCTestCase {
    func test_string_markupThatCouldEndTheScriptOrOpenAComment_isWrittenSoItCannot() throws {
        let written = ChapterJSON.string(html: "<td>x</td><!-- y --></script><script>")
        XCTAssertFalse(written.lowercased().contains("</script"), written)
        XCTAssertFalse(written.contains("<!"), written)
        let read = try JSONSerialization.jsonObject(with: Data("[\(written)]".utf8)) as? [String]
        XCTAssertEqual(read, ["<td>x</td><!-- y --></script><script>"])
    }

    func test_text_userText_isEscapedForHTMLThenForJSON() throws {
        let written = ChapterJSON.text("say \"hi\" <b>\\ \n\u{1}\u{2028}")
        let read = try JSONSerialization.jsonObject(with: Data("[\(written)]".utf8)) as? [String]
        XCTAssertEqual(read, ["say &quot;hi&quot; &lt;b&gt;\\ \n\u{1}\u{2028}"])
    }

    func test_object_nilMembers_areLeftOut() {
        XCTAssertEqual(
            ChapterJSON.object([("a", "1"), ("b", nil), ("c", ChapterJSON.array(["2", "3"]))]), #"{"a":1,"c":[2,3]}"#)
    }
}
