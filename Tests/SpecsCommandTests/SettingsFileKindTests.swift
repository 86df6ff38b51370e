import Foundation
import XCTest

/// A `specs.json` or `.specs-lint.json` that is there but cannot be read as a file is an error
/// (exit 2) naming the file and why, through the real executable; never skipped in silence.
final class SettingsFileKindTests: XCTestCase {
    private var project: ScratchProject!

    override func setUpWithError() throws {
        project = try ScratchProject("specs-settings-kind")
        try project.write("Features/a.feature", "Feature: A\n  Scenario: s\n    Given a step that passes\n")
    }

    override func tearDown() {
        project.remove()
    }

    private func path(_ name: String) -> String { project.root.appendingPathComponent(name).path }

    /// Each kind of file that is not a readable file, made at `name`, and the reason told.
    private func unreadableKinds(_ name: String) -> [(String, () throws -> Void, String)] {
        let at = path(name)
        return [
            (
                "folder", { try FileManager.default.createDirectory(atPath: at, withIntermediateDirectories: true) },
                "is a folder, not a file"
            ),
            (
                "dangling link",
                { try FileManager.default.createSymbolicLink(atPath: at, withDestinationPath: "gone.json") },
                "is a symbolic link that leads nowhere"
            ),
            (
                "link loop", { try FileManager.default.createSymbolicLink(atPath: at, withDestinationPath: name) },
                "is a symbolic link loop"
            ),
            ("FIFO", { XCTAssertEqual(mkfifo(at, 0o644), 0) }, "is not a regular file (a FIFO, a socket or a device)"),
        ]
    }

    private func removeItem(_ name: String) { try? FileManager.default.removeItem(atPath: path(name)) }

    func test_run_specsJSONNotAFile_isAnErrorNamingWhy() throws {
        for (kind, make, reason) in unreadableKinds("specs.json") {
            try make()
            defer { removeItem("specs.json") }
            for arguments in [[], ["--profile", "ci"]] {
                let run = try ExecutableRun.run("misbehaving-specs", arguments, in: project.root)
                XCTAssertEqual(run.code, 2, kind + run.out)
                XCTAssertEqual(run.err, "specs.json: error: \(reason)\n", kind)
            }
        }
    }

    func test_lint_specsLintJSONNotAFile_isAnErrorNamingWhy() throws {
        for (kind, make, reason) in unreadableKinds(".specs-lint.json") {
            try make()
            defer { removeItem(".specs-lint.json") }
            let run = try ExecutableRun.run("specs", ["lint", "Features"], in: project.root)
            XCTAssertEqual(run.code, 2, kind + run.out)
            XCTAssertEqual(run.err, ".specs-lint.json: error: \(reason)\n", kind)
        }
    }

    func test_run_specsJSONWithoutReadPermission_isAnErrorNamingWhy() throws {
        try XCTSkipIf(getuid() == 0, "root reads a file without read permission; the other kinds are tested")
        try project.write("specs.json", #"{"default":{"tags":"@nothing"}}"#)
        XCTAssertEqual(chmod(path("specs.json"), 0), 0)
        let run = try ExecutableRun.run("misbehaving-specs", [], in: project.root)
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertEqual(run.err, "specs.json: error: cannot be read: permission denied\n")
    }

    func test_lint_folderWithoutReadPermission_saysPermissionDenied() throws {
        try XCTSkipIf(getuid() == 0, "root reads a folder without read permission")
        XCTAssertEqual(chmod(path("Features"), 0), 0)
        defer { chmod(path("Features"), 0o755) }
        let run = try ExecutableRun.run("specs", ["lint", "Features"], in: project.root)
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertTrue(run.err.hasPrefix("Features: error: cannot read the folder: permission denied\n"), run.err)
    }
}
