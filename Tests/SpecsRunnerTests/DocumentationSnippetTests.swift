import Foundation
import XCTest

/// Every Swift block of the documentation's articles (`Sources/*/*.docc/*.md`) is code compiled
/// with the package: preceded by `<!-- compiled: PATH NAME -->`, it is the region of PATH between
/// `// snippet NAME` and `// end snippet NAME` (less the markers of regions inside it), its
/// indentation aside.
final class DocumentationSnippetTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func test_articles_everySwiftBlock_isCodeCompiledInThePackage() throws {
        let articles = try Self.articles()
        XCTAssertGreaterThanOrEqual(articles.count, 8, "the catalogs' articles were not found")
        var blocks = 0
        for article in articles {
            let text = try String(contentsOf: article, encoding: .utf8)
            let parts = text.components(separatedBy: "```swift\n")
            for (index, part) in parts.enumerated().dropFirst() {
                blocks += 1
                let block = part.components(separatedBy: "\n```").first ?? ""
                let before = parts[index - 1]
                let marker = try XCTUnwrap(
                    before.range(of: #"<!-- compiled: (\S+) (\S+) -->\s*$"#, options: .regularExpression),
                    "\(article.lastPathComponent): a Swift block without a `<!-- compiled: PATH NAME -->` marker:\n\(block)"
                )
                let words = before[marker].dropFirst("<!-- compiled: ".count).split(separator: " ")
                let region = try Self.region(String(words[1]), of: String(words[0]))
                XCTAssertEqual(
                    Self.dedented(block), region,
                    "\(article.lastPathComponent): the block differs from \(words[0]) \(words[1])")
            }
        }
        XCTAssertGreaterThanOrEqual(blocks, 6)
    }

    static func articles() throws -> [URL] {
        let sources = root.appendingPathComponent("Sources")
        return try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().flatMap { target in
            let catalog = sources.appendingPathComponent(target).appendingPathComponent("\(target).docc")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? []
            return names.filter { $0.hasSuffix(".md") }.sorted().map { catalog.appendingPathComponent($0) }
        }
    }

    static func region(_ name: String, of path: String) throws -> String {
        let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let start = try XCTUnwrap(
            lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// snippet \(name)" }, "\(path): no \(name)")
        let end = try XCTUnwrap(
            lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// end snippet \(name)" },
            "\(path): no end of \(name)")
        // The markers of regions inside this one are not part of it.
        let code = lines[(start + 1)..<end].filter {
            let line = $0.trimmingCharacters(in: .whitespaces)
            return !line.hasPrefix("// snippet ") && !line.hasPrefix("// end snippet ")
        }
        return dedented(code.joined(separator: "\n"))
    }

    /// The lines without the indentation they share.
    static func dedented(_ text: String) -> String {
        let lines = text.components(separatedBy: "\n")
        let indent =
            lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }
            .min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
    }
}
