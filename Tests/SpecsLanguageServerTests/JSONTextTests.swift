import Foundation
import XCTest

@testable import SpecsLanguageServer

final class JSONTextTests: XCTestCase {
    private func text(_ value: Any) -> String { String(decoding: JSONText.encode(value), as: UTF8.self) }

    func test_encode_valuesTheServerBuilds_readBackAsWritten() throws {
        let value: [String: Any] = [
            "s": "quote \" back \\ line\n tab\t bell\u{7} é 📕", "i": -3, "d": 2.5, "t": true, "f": false,
            "n": NSNull(), "a": [1, "x", [:] as [String: Any]],
        ]
        let read = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(JSONText.encode(value))) as? [String: Any])
        XCTAssertEqual(read["s"] as? String, value["s"] as? String)
        XCTAssertEqual(read["i"] as? Int, -3)
        XCTAssertEqual(read["d"] as? Double, 2.5)
        XCTAssertTrue(read["n"] is NSNull)
        XCTAssertEqual(text(["t": true, "f": false]), #"{"f":false,"t":true}"#)
    }

    func test_encode_numbersFoundationParsed_stayNumbersAndBooleansStayBooleans() throws {
        let parsed = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(#"{"id":1,"zero":0,"yes":true,"real":1.5}"#.utf8))
                as? [String: Any])
        XCTAssertEqual(text(parsed), #"{"id":1,"real":1.5,"yes":true,"zero":0}"#)
    }
}
