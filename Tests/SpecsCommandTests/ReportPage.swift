import Foundation
import XCTest

/// An HTML report read as its script reads it: the book's data (what needs attention, the
/// chapters' files) and each chapter's data, so that a test sees the scenarios, steps and
/// markup the page shows without a browser.
struct ReportPage {
    let html: String
    /// The page's first data (shown at once) and the data after the chapters.
    let book: [String: Any]
    let late: [String: Any]
    let chapters: [[String: Any]]

    init(_ html: String, file: StaticString = #filePath, line: UInt = #line) throws {
        self.html = html
        func json(_ id: String) throws -> Any? {
            guard let start = html.range(of: "<script type=\"application/json\" id=\"\(id)\">"),
                let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex)
            else { return nil }
            return try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
        }
        book = try XCTUnwrap(json("book-data") as? [String: Any], "no book data", file: file, line: line)
        late = try XCTUnwrap(json("book-late") as? [String: Any], "no late book data", file: file, line: line)
        var chapters: [[String: Any]] = []
        while let chapter = try json("c-\(chapters.count)") as? [String: Any] { chapters.append(chapter) }
        self.chapters = chapters
    }

    /// Every scenario of the book, in its order (an outline is one).
    var scenarios: [[String: Any]] {
        chapters.flatMap { chapter in
            (chapter["i"] as? [[String: Any]] ?? []).flatMap { item in
                item["r"] == nil ? [item] : item["c"] as? [[String: Any]] ?? []
            }
        }
    }

    func scenario(named name: String) -> [String: Any]? { scenarios.first { $0["n"] as? String == name } }

    /// What needs attention, as `file:line`, in the page's order: the first entries, then the rest.
    var attention: [String] {
        let groups = (book["attention"] as? [[Any]] ?? []) + (late["attention"] as? [[Any]] ?? [])
        return groups.flatMap { group -> [String] in
            let file = group[0] as? String ?? ""
            return (group[2] as? [[Any]] ?? []).map { "\(file):\($0[0])" }
        }
    }

    /// Every string in the chapters' data, in order: the text and markup the script puts together.
    var chapterText: String {
        func strings(_ value: Any) -> [String] {
            switch value {
            case let text as String: [text]
            case let list as [Any]: list.flatMap(strings)
            case let object as [String: Any]: object.keys.sorted().flatMap { strings(object[$0] as Any) }
            default: []
            }
        }
        return chapters.flatMap(strings).joined(separator: "\n")
    }
}
