import Foundation
import XCTest

/// A scenario run from a lens, through a real pipe: the server answers every other request
/// while it runs, the editor can cancel it or go away and no process of the run is left, and
/// a document with changes not saved is not run (the runner reads the disk).
final class LanguageServerLensTests: LanguageServerCase {
    private let slow = "Features/slow.feature"

    /// Starts the run of the one scenario of a feature whose step sleeps `seconds`; the request's id.
    private func startSlowRun(_ session: Session, seconds: Int) throws -> Int {
        try project.write(
            slow, "Feature: S\n  Scenario: slow\n    Given a step that sleeps its thread for \(seconds) s\n")
        try open(session, slow, try project.read(slow))
        let lenses = try session.response(
            try session.request("textDocument/codeLens", ["textDocument": ["uri": uri(slow)]]))
        let command = try XCTUnwrap((lenses["result"] as? [[String: Any]])?.first?["command"] as? [String: Any])
        return try session.request(
            "workspace/executeCommand", ["command": command["command"] ?? "", "arguments": command["arguments"] ?? []])
    }

    /// The response to `id`, though it came while another was awaited.
    private func answer(_ session: Session, _ id: Int) throws -> [String: Any] {
        if let index = session.notifications.firstIndex(where: { $0["id"] as? Int == id && $0["method"] == nil }) {
            return session.notifications.remove(at: index)
        }
        return try session.response(id)
    }

    /// The processes in the process group of the runner the server started (its child).
    private static func runProcesses(server: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var stats: [(pid: Int32, parent: Int32, group: Int32)] = []
        for name in entries {
            guard let pid = Int32(name),
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, let parent = Int32(fields[1]), let group = Int32(fields[2]) else { continue }
            stats.append((pid, parent, group))
        }
        let groups = Set(stats.filter { $0.parent == server }.map(\.pid))
        return stats.filter { groups.contains($0.group) }.map(\.pid)
    }

    /// Whether a process has ended (a zombie not yet reaped by whoever inherited it counts).
    private static func ended(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }

    /// Waits up to `seconds` for `condition`.
    /// The command of the first lens of the open document at `path`.
    private func firstLensCommand(_ session: Session, _ path: String) throws -> [String: Any] {
        let lenses = try session.response(
            try session.request("textDocument/codeLens", ["textDocument": ["uri": uri(path)]]))
        return try XCTUnwrap((lenses["result"] as? [[String: Any]])?.first?["command"] as? [String: Any])
    }

    /// The answer to running a lens's `command`, waited for.
    private func execute(_ session: Session, _ command: [String: Any]) throws -> [String: Any] {
        try session.response(
            try session.request(
                "workspace/executeCommand",
                ["command": command["command"] ?? "", "arguments": command["arguments"] ?? []]))
    }

    private func eventually(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    func test_executeCommand_whileTheScenarioRuns_completionAndHoverAreAnsweredInMilliseconds() throws {
        let session = try start()
        let run = try startSlowRun(session, seconds: 10)
        let server = session.process.processIdentifier
        XCTAssertTrue(eventually(5) { !Self.runProcesses(server: server).isEmpty }, "the runner started")
        let typed = "Features/typed.feature"
        let line = "    Given a step that "
        try open(session, typed, "Feature: T\n  Scenario: t\n\(line)\n")
        var latencies: [Double] = []
        for _ in 0..<13 {
            let asked = Date()
            let reply = try session.response(
                try session.request(
                    "textDocument/completion",
                    ["textDocument": ["uri": uri(typed)], "position": ["line": 2, "character": line.utf16.count]]))
            latencies.append(Date().timeIntervalSince(asked) * 1000)
            let items = (reply["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
            XCTAssertFalse(items.isEmpty, "\(reply)")
        }
        let hover = try session.response(
            try session.request(
                "textDocument/hover", ["textDocument": ["uri": uri(slow)], "position": ["line": 2, "character": 8]]))
        XCTAssertTrue("\(hover)".contains("sleeps its thread"), "\(hover)")
        latencies.sort()
        print(
            "completion while a lens runs a 10 s step: n=\(latencies.count) min \(Int(latencies[0])) ms, "
                + "median \(Int(latencies[latencies.count / 2])) ms, max \(Int(latencies.last ?? -1)) ms")
        XCTAssertLessThan(latencies.last ?? .infinity, 1000, "each completion in milliseconds: \(latencies)")
        XCTAssertTrue(session.notifications.allSatisfy { $0["id"] as? Int != run }, "the run is still under way")

        // Cancelled: answered as such at once, and no process of the run is left.
        let cancelled = Date()
        try session.notify("$/cancelRequest", ["id": run])
        let reply = try answer(session, run)
        XCTAssertEqual((reply["error"] as? [String: Any])?["code"] as? Int, -32800, "\(reply)")
        XCTAssertLessThan(Date().timeIntervalSince(cancelled), 2)
        XCTAssertTrue(eventually(2) { Self.runProcesses(server: server).isEmpty }, "the run's processes ended")
        try stop(session)
    }

    func test_executeCommand_editorGoesAwayMidRun_serverAndRunEndAtOnce() throws {
        let session = try start()
        let run = try startSlowRun(session, seconds: 30)
        let server = session.process.processIdentifier
        XCTAssertTrue(eventually(5) { !Self.runProcesses(server: server).isEmpty }, "the runner started")
        let group = Self.runProcesses(server: server)
        // The editor quits as it does: shutdown (the run is answered as cancelled first), then exit.
        let quit = Date()
        let shutdown = try session.request("shutdown", [:])
        XCTAssertEqual((try answer(session, run)["error"] as? [String: Any])?["code"] as? Int, -32800)
        _ = try answer(session, shutdown)
        try session.notify("exit", [:])
        session.process.waitUntilExit()
        XCTAssertEqual(session.process.terminationStatus, 0)
        XCTAssertLessThan(Date().timeIntervalSince(quit), 5, "not when the 30 s step ends")
        XCTAssertTrue(
            eventually(2) { group.allSatisfy(Self.ended) }, "no process of the run outlives the server")
    }

    func test_executeCommand_inputEndsMidRun_noProcessOfTheRunIsLeft() throws {
        let session = try start()
        _ = try startSlowRun(session, seconds: 30)
        let server = session.process.processIdentifier
        XCTAssertTrue(eventually(5) { !Self.runProcesses(server: server).isEmpty }, "the runner started")
        let group = Self.runProcesses(server: server)
        // The editor is gone without a word: its end of the pipe closes.
        let gone = Date()
        try session.closeInput()
        session.process.waitUntilExit()
        XCTAssertLessThan(Date().timeIntervalSince(gone), 5, "not when the 30 s step ends")
        XCTAssertTrue(
            eventually(2) { group.allSatisfy(Self.ended) }, "no process of the run outlives the server")
    }

    func test_executeCommand_serverTerminatedOrInterruptedMidRun_endsByTheSignalAndLeavesNoProcessOfTheRun() throws {
        for signal in [SIGTERM, SIGINT] {
            let session = try start()
            _ = try startSlowRun(session, seconds: 30)
            let server = session.process.processIdentifier
            XCTAssertTrue(eventually(5) { !Self.runProcesses(server: server).isEmpty }, "the runner started")
            let group = Self.runProcesses(server: server)
            let signalled = Date()
            kill(server, signal)
            session.process.waitUntilExit()
            XCTAssertEqual(session.process.terminationReason, .uncaughtSignal)
            XCTAssertEqual(session.process.terminationStatus, signal)
            XCTAssertLessThan(Date().timeIntervalSince(signalled), 5, "not when the 30 s step ends")
            XCTAssertTrue(
                eventually(2) { group.allSatisfy(Self.ended) }, "no process of the run outlives the server (\(signal))")
        }
    }

    func test_executeCommand_documentNotSaved_doesNotRunAndSaysToSave() throws {
        let path = "Features/run.feature"
        try project.write(
            path,
            "Feature: R\n  Scenario: fails\n    Given a step that fails\n\n  Scenario: passes\n    Given a step that passes\n"
        )
        let session = try start()
        // The first scenario deleted in the editor, not saved: the second is at line 2 now.
        try open(session, path, "Feature: R\n  Scenario: passes\n    Given a step that passes\n")
        let command = try firstLensCommand(session, path)
        let reply = try execute(session, command)
        XCTAssertNil(reply["result"], "not run: \(reply)")
        let error = reply["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? Int, -32803)
        XCTAssertTrue((error?["message"] as? String)?.contains("run.feature has changes that are not saved") == true)
        let shown = try session.notification("window/showMessage")
        XCTAssertTrue("\(shown)".contains("save the file first"), "\(shown)")
        // Saved: it runs.
        try project.write(path, "Feature: R\n  Scenario: passes\n    Given a step that passes\n")
        let saved = try execute(session, command)
        XCTAssertEqual((saved["result"] as? [String: Any])?["exitCode"] as? Int, 0, "\(saved)")
        try stop(session)
    }

    func test_executeCommand_crlfFileOpenWithLFLines_runsIt() throws {
        let path = "Features/crlf.feature"
        try project.write(path, "Feature: R\r\n  Scenario: passes\r\n    Given a step that passes\r\n")
        let session = try start()
        // An editor that keeps no carriage return in its buffer sends the file's lines with LF.
        try open(session, path, "Feature: R\n  Scenario: passes\n    Given a step that passes\n")
        let command = try firstLensCommand(session, path)
        let reply = try execute(session, command)
        XCTAssertEqual((reply["result"] as? [String: Any])?["exitCode"] as? Int, 0, "\(reply)")
        try stop(session)
    }

    func test_executeCommand_fileWithoutFinalNewlineOpenWithOne_runsIt() throws {
        let path = "Features/eol.feature"
        try project.write(path, "Feature: R\n  Scenario: passes\n    Given a step that passes")
        let session = try start()
        // Neovim opens a file that lacks its final line ending with one in its buffer.
        try open(session, path, "Feature: R\n  Scenario: passes\n    Given a step that passes\n")
        let command = try firstLensCommand(session, path)
        let reply = try execute(session, command)
        XCTAssertEqual((reply["result"] as? [String: Any])?["exitCode"] as? Int, 0, "\(reply)")
        // A blank line added after the last one is a change, and is not run.
        try project.write(path, "Feature: R\n  Scenario: passes\n    Given a step that passes\n")
        try session.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri(path), "version": 2],
                "contentChanges": [["text": "Feature: R\n  Scenario: passes\n    Given a step that passes\n\n"]],
            ])
        let changed = try execute(session, command)
        XCTAssertNil(changed["result"], "not run: \(changed)")
        let error = changed["error"] as? [String: Any]
        XCTAssertTrue((error?["message"] as? String)?.contains("eol.feature has changes that are not saved") == true)
        try stop(session)
    }
}
