import Foundation
import XCTest

/// The documentation gate: each library product's modules have a DocC catalog that
/// `Scripts/build-docs.sh` builds, and `Scripts/check-public-docs.py` fails on a public symbol
/// without a doc comment.
final class DocumentationGateTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func test_buildDocs_everyLibraryProductModule_hasACatalogItBuilds() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let script = try String(
            contentsOf: Self.root.appendingPathComponent("Scripts/build-docs.sh"), encoding: .utf8)
        let built = try XCTUnwrap(Self.words(after: "modules=(", in: script), "build-docs.sh names no modules")
        let modules = Self.libraryTargets(manifest)
        XCTAssertTrue(modules.contains("SpecsReporting"), "the library products were not read: \(modules)")
        for module in modules {
            let landing = "Sources/\(module)/\(module).docc/\(module).md"
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(landing).path),
                "\(module) has no catalog: \(landing)")
            XCTAssertTrue(built.contains(module), "Scripts/build-docs.sh does not build \(module)")
        }
    }

    func test_checkPublicDocs_undocumentedPublicSymbol_isListedAndExitsOne() throws {
        let graphs = try Self.graphs([
            Self.symbol("Shelf", access: "public", documented: true, line: 3),
            Self.symbol("Shelf.lend(_:)", access: "public", documented: false, line: 9),
            Self.symbol("Shelf.restock()", access: "package", documented: false, line: 12),
            Self.symbol("Shelf.hashValue", access: "public", documented: false, line: nil),
        ])
        let (status, output) = try Self.check(graphs)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(
            output.contains(
                "Sources/Library/Shelf.swift:10: error: public symbol without a doc comment: Library.Shelf.lend(_:)"),
            output)
        XCTAssertFalse(output.contains("restock"), output)
        XCTAssertFalse(output.contains("hashValue"), output)
        XCTAssertTrue(output.contains("Library                        2             1"), output)
    }

    func test_checkPublicDocs_everyPublicSymbolDocumented_exitsZero() throws {
        let graphs = try Self.graphs([Self.symbol("Shelf", access: "public", documented: true, line: 3)])
        let (status, output) = try Self.check(graphs)
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("total                          1             0"), output)
    }

    private static func libraryTargets(_ manifest: String) -> [String] {
        manifest.components(separatedBy: ".library(").dropFirst().flatMap { product in
            words(after: "targets: [", in: product, closing: "]") ?? []
        }
    }

    private static func words(after opening: String, in text: String, closing: Character = ")") -> [String]? {
        guard let start = text.range(of: opening)?.upperBound else { return nil }
        return text[start...].prefix { $0 != closing }.split { " ,\"".contains($0) }.map(String.init)
    }

    private static func symbol(_ path: String, access: String, documented: Bool, line: Int?) -> [String: Any] {
        var symbol: [String: Any] = [
            "identifier": ["precise": "s:Library." + path], "accessLevel": access,
            "pathComponents": path.split(separator: ".").map(String.init),
        ]
        if let line {
            symbol["location"] = [
                "uri": "file:///work/library/Sources/Library/Shelf.swift", "position": ["line": line, "character": 4],
            ]
        }
        if documented { symbol["docComment"] = ["lines": [["text": "Where the books are."]]] }
        return symbol
    }

    private static func graphs(_ symbols: [[String: Any]]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graphs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let graph: [String: Any] = ["module": ["name": "Library"], "symbols": symbols, "relationships": []]
        try JSONSerialization.data(withJSONObject: graph).write(
            to: folder.appendingPathComponent("Library.symbols.json"))
        return folder
    }

    private static func check(_ graphs: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", root.appendingPathComponent("Scripts/check-public-docs.py").path, graphs.path, "Library",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: graphs)
        return (process.terminationStatus, output)
    }
}
