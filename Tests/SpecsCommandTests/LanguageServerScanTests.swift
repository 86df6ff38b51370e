import Foundation
import XCTest

/// References and workspace symbols asked while the server's startup scan reads the project,
/// through a real pipe. The scan reads the files in the order of their paths: a small one, one
/// whose check takes seconds (which holds the scan while the test asks), 20 small ones, and the
/// last one. The editor has one document open, whose step every file uses.
final class LanguageServerScanTests: LanguageServerCase {
    private let opened = "Features/open.feature"
    private let slow = "Features/b.feature"
    private let last = "Features/z.feature"
    private let large = 20_000
    private let small = 20
    /// Every file's scenarios and steps: one each, and the slow file's.
    private var steps: Int { 1 + large + small + 1 + 1 }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let scenario = { (name: String) in "\n  Scenario: \(name)\n    Given a step that passes\n" }
        try project.write("Features/a.feature", "Feature: First\n" + scenario("read first"))
        try project.write("Features/b.feature", "Feature: Slow\n" + (1...large).map { scenario("s\($0)") }.joined())
        for index in 0..<small {
            try project.write(
                String(format: "Features/c%02d.feature", index), "Feature: C\(index)\n" + scenario("c\(index)"))
        }
        try project.write(last, "Feature: Last\n" + scenario("read last"))
    }

    /// What the server sent while the test waited: the requests it answered, in order, with
    /// their answers, and the files whose diagnostics it published.
    private struct Transcript {
        var answered: [Int] = []
        var answers: [Int: [String: Any]] = [:]
        var published: Set<String> = []
    }

    /// The answer to request `id`, what comes before it noted in `transcript`.
    private func read(_ session: Session, until id: Int, _ transcript: inout Transcript) throws -> [String: Any] {
        try read(session, &transcript) { $0.answers[id] != nil }
        return transcript.answers[id] ?? [:]
    }

    /// Notes what the server sends in `transcript` until `done` says it is enough.
    private func read(
        _ session: Session, _ transcript: inout Transcript, until done: (Transcript) -> Bool
    ) throws {
        while !done(transcript) {
            let message = try session.receive()
            if let answered = message["id"] as? Int, message["method"] == nil {
                transcript.answered.append(answered)
                transcript.answers[answered] = message
                continue
            }
            if message["method"] as? String == "textDocument/publishDiagnostics",
                let uri = (message["params"] as? [String: Any])?["uri"] as? String
            {
                transcript.published.insert(uri)
            }
            session.notifications.append(message)
        }
    }

    /// A server started on the project, the editor's document open: the scan reads the project.
    private func startScanning() throws -> Session {
        let session = try start()
        try open(session, opened, "Feature: Open\n\n  Scenario: typed\n    Given a step that passes\n")
        return session
    }

    /// The scan was still at the slow file: what the test asked came while it read.
    private func assertScanning(_ transcript: Transcript, line: UInt = #line) {
        XCTAssertFalse(
            transcript.published.contains(uri(slow)), "the scan read the slow file before the test asked", line: line)
    }

    private func references(_ session: Session) throws -> Int {
        try session.request(
            "textDocument/references",
            [
                "textDocument": ["uri": uri(opened)], "position": ["line": 3, "character": 8],
                "context": ["includeDeclaration": true],
            ])
    }

    private func completion(_ session: Session) throws -> Int {
        try session.request(
            "textDocument/completion",
            ["textDocument": ["uri": uri(opened)], "position": ["line": 3, "character": 12]])
    }

    private static func code(_ answer: [String: Any]?) -> Int? {
        (answer?["error"] as? [String: Any])?["code"] as? Int
    }

    private static func results(_ answer: [String: Any], _ key: String) -> [String] {
        (answer["result"] as? [[String: Any]] ?? []).compactMap { $0[key] as? String }
    }

    func test_references_askedDuringTheStartupScan_areAnsweredFromEveryFileAfterItWithoutHoldingACompletion() throws {
        let session = try startScanning()
        let references = try references(session)
        let completion = try completion(session)
        var transcript = Transcript()
        let completed = try read(session, until: completion, &transcript)
        assertScanning(transcript)
        let items = (completed["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        XCTAssertTrue(items.contains { $0["label"] as? String == "a step that passes" }, "\(completed)")
        XCTAssertEqual(transcript.answered, [completion], "the completion waited for the references")

        let answer = try read(session, until: references, &transcript)
        XCTAssertNil(answer["error"], "\(answer)")
        XCTAssertTrue(transcript.published.contains(uri(last)), "answered before the scan's end")
        let uris = Self.results(answer, "uri")
        XCTAssertEqual(uris.count, steps)
        let everyFile =
            ["Features/a.feature", slow, opened, last]
            + (0..<small).map { String(format: "Features/c%02d.feature", $0) }
        XCTAssertEqual(Array(Set(uris)).sorted(), everyFile.map(uri).sorted())
        XCTAssertEqual(transcript.answered, [completion, references])
        try stop(session)
    }

    func test_cancelRequest_ofReferencesWaitingForTheScan_answersRequestCancelledOnceAndIgnoresOtherIds() throws {
        let session = try startScanning()
        let references = try references(session)
        var transcript = Transcript()
        // The completion asked behind it is answered: the references request waits for the scan.
        _ = try read(session, until: try completion(session), &transcript)
        XCTAssertFalse(transcript.answered.contains(references))
        try session.notify("$/cancelRequest", ["id": references])
        try session.notify("$/cancelRequest", ["id": 999])
        let cancelled = try read(session, until: try completion(session), &transcript)
        assertScanning(transcript)
        XCTAssertEqual(transcript.answered.count, 3, "\(transcript.answered)")
        XCTAssertEqual(Self.code(transcript.answers[references]), -32800, "\(transcript.answers)")
        XCTAssertNil(cancelled["error"])

        // The scan ends: a request asked then is answered from every file, and nothing more
        // came for the cancelled request, nor for the unknown id.
        try read(session, &transcript) { $0.published.contains(uri(last)) }
        let symbols = try read(session, until: try session.request("workspace/symbol", ["query": "last"]), &transcript)
        XCTAssertEqual(Self.results(symbols, "name"), ["Feature: Last", "Scenario: read last"])
        XCTAssertEqual(transcript.answered.filter { $0 == references }.count, 1)
        XCTAssertFalse(transcript.answered.contains(999))
        try stop(session)
        XCTAssertFalse(session.notifications.contains { $0["id"] as? Int == references })
    }

    func test_workspaceSymbol_askedDuringTheStartupScan_isAnsweredInTurnFromEveryFileWithoutHoldingACompletion() throws
    {
        let session = try startScanning()
        let scenarios = try session.request("workspace/symbol", ["query": "scenario"])
        let lastOnes = try session.request("workspace/symbol", ["query": "LAST"])
        let completion = try completion(session)
        var transcript = Transcript()
        _ = try read(session, until: completion, &transcript)
        assertScanning(transcript)
        XCTAssertEqual(transcript.answered, [completion], "the completion waited for the symbols")

        let second = try read(session, until: lastOnes, &transcript)
        // Answered in the order asked, once the scan had read every file.
        XCTAssertEqual(transcript.answered, [completion, scenarios, lastOnes])
        XCTAssertTrue(transcript.published.contains(uri(last)), "answered before the scan's end")
        let names = Self.results(try read(session, until: scenarios, &transcript), "name")
        XCTAssertEqual(names.count, steps)
        XCTAssertEqual(names.first, "Scenario: read first")
        XCTAssertTrue(names.contains("Scenario: typed"))
        XCTAssertEqual(names.last, "Scenario: read last")
        XCTAssertEqual(Self.results(second, "name"), ["Feature: Last", "Scenario: read last"])
        try stop(session)
    }

    func test_shutdown_withReferencesWaitingForTheScan_cancelsThemThenRefusesRequests() throws {
        let session = try startScanning()
        let references = try references(session)
        var transcript = Transcript()
        let shutdown = try session.request("shutdown", [:])
        _ = try read(session, until: shutdown, &transcript)
        assertScanning(transcript)
        XCTAssertEqual(transcript.answered, [references, shutdown])
        XCTAssertEqual(Self.code(transcript.answers[references]), -32800, "\(transcript.answers)")
        // After `shutdown`, only `exit` is awaited.
        XCTAssertEqual(Self.code(try read(session, until: try completion(session), &transcript)), -32600)
        try session.notify("exit", [:])
        session.process.waitUntilExit()
        XCTAssertEqual(session.process.terminationStatus, 0)
    }
}
