import XCTest

@testable import SpecsReporting

final class PartialFileTests: XCTestCase {
    func test_name_shortReportName_isTheNameBetweenADotAndThePid() {
        XCTAssertEqual(PartialFile.name(of: "m.ndjson", pid: 4242), ".m.ndjson.4242.partial")
        XCTAssertEqual(PartialFile.writer(of: ".m.ndjson.4242.partial", forReport: "m.ndjson"), 4242)
    }

    func test_name_reportNamesUpToTheLongestFileName_fitAFileNameAndAreTheirOwn() {
        for length in [230, 235, 236, 240, 250, 255] {
            for letter in ["r", "é", "日"] {
                var name = String(repeating: letter, count: length)
                while name.utf8.count > 255 { name.removeLast() }
                let partial = PartialFile.name(of: name, pid: Int32.max)
                XCTAssertLessThanOrEqual(partial.utf8.count, 255, "\(length) \(letter)")
                XCTAssertEqual(PartialFile.writer(of: partial, forReport: name), Int32.max, "\(length) \(letter)")
                // Another long name that shares the first bytes has partial names of its own.
                let other = String(name.dropLast()) + "x"
                XCTAssertNil(PartialFile.writer(of: partial, forReport: other), "\(length) \(letter)")
                XCTAssertTrue(partial.hasSuffix(".\(Int32.max).partial"))
            }
        }
    }

    func test_writer_partialOfAnotherReportWhoseNameExtendsThisOne_isNone() {
        XCTAssertNil(PartialFile.writer(of: ".m.ndjson.xml.4242.partial", forReport: "m.ndjson"))
        XCTAssertNil(PartialFile.writer(of: ".m.ndjson..partial", forReport: "m.ndjson"))
        XCTAssertNil(PartialFile.writer(of: ".m.ndjson.-1.partial", forReport: "m.ndjson"))
        XCTAssertNil(PartialFile.writer(of: "m.ndjson", forReport: "m.ndjson"))
    }
}
