import Foundation
import XCTest

/// Every public declaration of the module has a doc comment: the generated ones the schema's
/// descriptions, the hand-written ones their own.
final class DocumentationTests: XCTestCase {
    func test_publicDeclarations_ofEveryMessagesSource_haveADocComment() throws {
        let sources = PackageFolders.root.appendingPathComponent("Sources/Messages")
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String])
            .filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 30)
        var undocumented: [String] = []
        var publicEnumDepth: [Int] = []
        for file in files.sorted() {
            let lines = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                let isPublic = code.hasPrefix("public ") || code.hasPrefix("open ")
                // The cases of a public enum are public too.
                let isCase =
                    code.hasPrefix("case ") && !code.hasSuffix(":") && !code.contains(": ")
                    && publicEnumDepth.last == indentation(of: line) - 4
                if code.hasPrefix("public enum ") { publicEnumDepth.append(indentation(of: line)) }
                if code == "}", publicEnumDepth.last == indentation(of: line) { publicEnumDepth.removeLast() }
                guard isPublic || isCase else { continue }
                var above = index - 1
                while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
                if above < 0 || !lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                    undocumented.append("Sources/Messages/\(file):\(index + 1): \(code)")
                }
            }
        }
        XCTAssertEqual(undocumented, [], "public declarations without a doc comment")
    }

    private func indentation(of line: String) -> Int { line.prefix { $0 == " " }.count }
}
