import Foundation
import XCTest

@testable import SpecsRunner

/// `.editorconfig` read as editors read it, and the indentation `specs format` takes from it
/// and from `specs.json`.
final class EditorConfigTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("specs-editorconfig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("app/features/deep"), withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: root) }

    private func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    private func file(_ path: String) -> String { root.appendingPathComponent(path).path }

    func test_properties_nearestFileAndLaterSectionWin_untilRootTrue() throws {
        try write(
            ".editorconfig", "root = true\n[*]\nindent_style = space\nindent_size = 8\n[*.feature]\nindent_size = 3\n")
        try write("app/.editorconfig", "; a comment\n[features/**.feature]\nindent_size = 5\n")
        try write("app/features/deep/.editorconfig", "[*.{feature,story}]\nindent_style = tab\n")
        XCTAssertEqual(EditorConfig.properties(forFile: file("app/features/deep/a.feature"))["indent_style"], "tab")
        XCTAssertEqual(EditorConfig.properties(forFile: file("app/features/deep/a.feature"))["indent_size"], "5")
        XCTAssertEqual(EditorConfig.properties(forFile: file("app/features/a.feature"))["indent_size"], "5")
        XCTAssertEqual(EditorConfig.properties(forFile: file("app/a.feature"))["indent_size"], "3")
        XCTAssertEqual(EditorConfig.properties(forFile: file("app/a.txt"))["indent_size"], "8")
        XCTAssertEqual(FormatIndentation.of(file: file("app/features/deep/a.feature"), project: nil), "\t")
        XCTAssertEqual(FormatIndentation.of(file: file("app/a.feature"), project: nil), "   ")
    }

    func test_properties_unsetAndRootInANearerFile_stopTheSearch() throws {
        try write(".editorconfig", "root = true\n[*]\nindent_style = tab\n")
        try write("app/.editorconfig", "root = true\n[*.feature]\nindent_size = 4\n")
        try write("app/features/.editorconfig", "[a.feature]\nindent_size = unset\n")
        XCTAssertEqual(FormatIndentation.of(file: file("app/b.feature"), project: nil), "    ")
        XCTAssertEqual(FormatIndentation.of(file: file("app/features/a.feature"), project: nil), "  ")
    }

    func test_of_indentSizeTab_takesTheTabWidth() throws {
        try write(".editorconfig", "root = true\n[*.feature]\nindent_style = space\nindent_size = tab\ntab_width = 4\n")
        try write("app/.editorconfig", "[*.feature]\ntab_width = 3\n")
        try write("app/features/.editorconfig", "[*.feature]\ntab_width = unset\n")
        XCTAssertEqual(FormatIndentation.of(file: file("b.feature"), project: nil), "    ")
        XCTAssertEqual(FormatIndentation.of(file: file("app/b.feature"), project: nil), "   ")
        XCTAssertEqual(FormatIndentation.of(file: file("app/features/a.feature"), project: nil), "  ")
    }

    func test_formatSection_winsOverEditorconfig_andIsChecked() throws {
        try write(".editorconfig", "root = true\n[*]\nindent_style = tab\n")
        let tab = try ProjectConfiguration(Data(#"{"format": {"indent": "tab"}}"#.utf8), path: "specs.json")
        let four = try ProjectConfiguration(Data(#"{"format": {"indent": 4}}"#.utf8), path: "specs.json")
        XCTAssertEqual(FormatIndentation.of(file: file("app/a.feature"), project: four), "    ")
        XCTAssertEqual(tab.formatIndentation, "\t")
        for (json, message) in [
            (#"{"format": {"indent": 0}}"#, "'format.indent' takes a number of spaces from 1 to 16, or \"tab\""),
            (
                #"{"format": {"width": 2}}"#,
                "unknown key 'format.width'; 'format' takes \"indent\" (a number of spaces or \"tab\")"
            ),
            (#"{"format": 2}"#, "'format' is not an object (it takes \"indent\")"),
        ] {
            XCTAssertThrowsError(try ProjectConfiguration(Data(json.utf8), path: "specs.json"), json) { error in
                XCTAssertEqual((error as? ConfigurationError)?.message, message)
            }
        }
    }

    func test_matches_globForms_asEditorsMatchThem() {
        let cases: [(String, String, Bool)] = [
            ("*.feature", "a.feature", true), ("*.feature", "deep/a.feature", true),
            ("features/*.feature", "features/deep/a.feature", false),
            ("features/**.feature", "features/deep/a.feature", true), ("**/a.feature", "a.feature", true),
            ("/a.feature", "a.feature", true), ("/a.feature", "x/a.feature", false), ("a?c", "abc", true),
            ("a?c", "a/c", false), ("[ab].x", "b.x", true), ("[!ab].x", "b.x", false),
            ("*.{feature,story}", "a.story", true),
            ("*.{feature,story}", "a.txt", false), ("{a,{b,{c,d}}}.x", "d.x", true), ("{a,{b,{c,d}}}.x", "e.x", false),
            ("{a.x", "{a.x", true), ("a}.x", "a}.x", true), ("a,b", "a,b", true), ("\\*.x", "*.x", true),
            ("\\*.x", "a.x", false), ("{}a", "a", true),
            // A name is whole after `**/` (tester Z2's Z2-5: `[login.feature]` was `relogin.feature`'s too,
            // `[?]` and `[**/]` every file's), as editorconfig-core-py has it.
            ("login.feature", "relogin.feature", false), ("login.feature", "x/login.feature", true),
            ("login.feature", "x/relogin.feature", false), ("?", "a.feature", false), ("?", "x/a", true),
            ("**/", "a.feature", false), ("a/**/b.x", "a/b.x", true), ("a/**/b.x", "a/x/y/b.x", true),
            ("a/**/b.x", "a/xb.x", false),
        ]
        for (glob, path, expected) in cases {
            XCTAssertEqual(EditorConfig.matches(glob, path), expected, "[\(glob)] on \(path)")
        }
    }

    func test_matches_manyStars_workBoundedByPatternTimesPath() {
        let path = "Features/deep/checkout-with-a-long-name.feature"
        for stars in [14, 20, 40, 200] {
            let glob = String(repeating: "*", count: stars) + "x"
            var steps = 0
            XCTAssertFalse(EditorConfig.matches(glob, path, steps: &steps))
            // Each path character visits each state at most once: a few states a character.
            XCTAssertLessThanOrEqual(steps, (glob.count + 3) * 4 * (path.count + 1), "\(stars) stars")
        }
        var steps = 0
        let braces = String(repeating: "{a,b}", count: 40)
        XCTAssertTrue(EditorConfig.matches(braces, String(repeating: "ab", count: 20), steps: &steps))
        XCTAssertLessThanOrEqual(steps, braces.count * 4 * 41)
    }
}
