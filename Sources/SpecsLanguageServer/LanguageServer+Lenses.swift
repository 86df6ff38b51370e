import Foundation
import SpecsRunner

extension LanguageServer {
    // MARK: Semantic tokens

    /// The token types the server marks: keywords, and parameters by type.
    static let tokenTypes = ["keyword", "parameter", "string", "number"]

    /// Keywords of headings and steps, and each step's parameters by their type, encoded as the
    /// protocol has them (line and start relative to the previous token): whole, or as the edit
    /// of the answer the editor has when it names that answer's result id (`previous`). An
    /// open document's tokens are kept and changed with each edit (see `retokenize`), so that
    /// an answer costs no walk over its steps. A long document's tokens are made whole once,
    /// then the answer looks at what has come meanwhile (see `interrupt`).
    func semanticTokens(_ uri: String, previous: String?) throws(ProtocolError) -> Any {
        guard let analysis = current(uri) else { return ["data": [] as [Int]] }
        tokenResults += 1
        let resultId = String(tokenResults)
        guard documents[uri] != nil else {
            let tokens = DocumentTokens(tokens(of: analysis.steps[...], headings: analysis.headings[...]))
            return JSONText.Encoded(bytes: SemanticTokenData.full(resultId: resultId, data: tokens.encoded))
        }
        let tokens: DocumentTokens
        if let known = documents[uri]?.tokens {
            tokens = known
        } else {
            // Made whole and kept even when what has come meanwhile makes this answer stale or
            // puts a completion first: the next answer starts from them.
            tokens = DocumentTokens(
                self.tokens(of: analysis.steps[...], headings: analysis.headings[...]))
            documents[uri]?.tokens = tokens
            try interrupt(uri)
        }
        let data = tokens.encoded
        let answer: [UInt8]
        if let previous, let sent = documents[uri]?.sentTokens, sent.id == previous {
            answer = SemanticTokenData.delta(resultId: resultId, edit: DocumentTokens.edit(from: sent.data, to: data))
        } else {
            answer = SemanticTokenData.full(resultId: resultId, data: data)
        }
        documents[uri]?.sentTokens = (resultId, data)
        return JSONText.Encoded(bytes: answer)
    }

    /// Changes a document's kept tokens after an edit: the tokens of the lines it replaced
    /// give way to those of the lines it wrote, the tokens below move with the lines.
    func retokenize(_ document: inout OpenDocument, after change: TextChange) {
        guard document.tokens != nil, let latest = document.latest, let range = change.range else {
            document.tokens = nil
            return
        }
        let first = range.start.line
        let last = max(first, range.end.line)
        let newLast = first + change.text.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
        // The steps and headings of the lines written, 1-based.
        let steps = latest.steps[
            FeatureAnalysis.firstIndex(
                of: latest.steps, atOrAfter: first + 1, line: \.line)..<FeatureAnalysis
                .firstIndex(of: latest.steps, atOrAfter: newLast + 2, line: \.line)]
        let headings = latest.headings[
            FeatureAnalysis.firstIndex(
                of: latest.headings, atOrAfter: first + 1, line: \.line)..<FeatureAnalysis
                .firstIndex(of: latest.headings, atOrAfter: newLast + 2, line: \.line)]
        let written = tokens(of: steps, headings: headings)
        document.tokens?.replace(lines: first, through: last, delta: newLast - last, with: written)
    }

    /// The tokens of steps and headings, in line order, each step's arguments remembered by its text.
    func tokens(
        of steps: ArraySlice<FeatureAnalysis.StepSite>, headings: ArraySlice<FeatureAnalysis.Heading>
    ) -> [DocumentTokens.Token] {
        Self.tokens(of: steps, headings: headings, arguments: arguments(of:))
    }

    /// The tokens of steps and headings, in line order, with the arguments `arguments` finds
    /// in a step's text: on any thread.
    static func tokens(
        of steps: ArraySlice<FeatureAnalysis.StepSite>, headings: ArraySlice<FeatureAnalysis.Heading>,
        arguments: (String) -> [StepCatalog.ArgumentPlace]
    ) -> [DocumentTokens.Token] {
        var result: [DocumentTokens.Token] = []
        result.reserveCapacity(steps.count * 2 + headings.count)
        func add(line: Int, start: Int, length: Int, type: Int) {
            result.append(.init(line: Int32(line), start: Int32(start), length: Int32(length), type: Int32(type)))
        }
        var next = headings.startIndex
        func headingsBefore(_ line: Int) {
            while next < headings.endIndex, headings[next].line < line {
                let heading = headings[next]
                if heading.keywordLength > 0 {
                    add(line: heading.line - 1, start: heading.column - 1, length: heading.keywordLength, type: 0)
                }
                next += 1
            }
        }
        for step in steps {
            headingsBefore(step.line + 1)
            // The keyword without the space after it.
            var keywordLength = step.keyword.utf16.count
            for unit in step.keyword.utf16.reversed() {
                guard unit == 32 || unit == 9 else { break }
                keywordLength -= 1
            }
            add(line: step.line - 1, start: step.column - 1, length: keywordLength, type: 0)
            let textStart = step.column - 1 + step.keyword.utf16.count + step.gap
            // An outline's step shows its placeholders, which no definition matches as written.
            // A step with a lone `\r` goes on on the next line, where its arguments are not placed.
            guard step.texts.count == 1, step.texts[0] == step.text, !step.text.utf8.contains(13) else { continue }
            for argument in arguments(step.text) {
                add(
                    line: step.line - 1, start: textStart + argument.offset, length: argument.length,
                    type: tokenType(argument.type))
            }
        }
        headingsBefore(Int.max)
        return result
    }

    /// The token type of a parameter type: strings, numbers, and other parameters.
    static func tokenType(_ parameterType: String) -> Int {
        switch parameterType {
        case "string": return 2
        case "int", "float", "double", "byte", "short", "long", "biginteger", "bigdecimal": return 3
        default: return 1
        }
    }

    // MARK: Running a scenario

    /// The command a lens runs.
    static let runScenarioCommand = "specs.runScenario"

    /// A lens over each scenario: run it with this runner.
    func codeLenses(_ uri: String) -> Any {
        guard let analysis = parsed(uri), let url = URL(string: analysis.uri), url.isFileURL else {
            return [] as [Any]
        }
        return analysis.headings.filter { $0.kind == .scenario }.map { heading -> [String: Any] in
            let position = ["line": heading.line - 1, "character": 0]
            return [
                "range": ["start": position, "end": position],
                "command": [
                    "title": "▶ Run", "command": Self.runScenarioCommand,
                    "arguments": [analysis.uri, heading.line],
                ],
            ]
        }
    }

    /// Starts the scenario at a file's line with this runner, in the project folder, off the
    /// thread that answers: the request is answered when the run ends (see `collectRuns`), with
    /// the run's closing lines and exit code, and every other request is answered meanwhile.
    /// A file whose open document differs from the disk is not run: the runner reads the disk.
    /// Nil when the answer comes with the run's end.
    func runScenario(_ command: String, _ arguments: [Any], id: RequestID) throws(ProtocolError) -> Any? {
        guard command == Self.runScenarioCommand, arguments.count == 2,
            let uri = arguments[0] as? String, let url = URL(string: uri), url.isFileURL,
            let line = (arguments[1] as? Int) ?? (arguments[1] as? NSNumber)?.intValue,
            let runner = runnerExecutable
        else { return NSNull() }
        if let reason = unsavedReason(uri, url) {
            connection.notify("window/showMessage", ["type": 2, "message": "specs: " + reason])
            throw .requestFailed(reason)
        }
        let folder = projectFolder ?? url.deletingLastPathComponent().path
        if let why = runs.start(
            id: id, executable: runner, arguments: ["\(url.path):\(line)", "--format", "summary", "--no-color"],
            folder: folder)
        {
            connection.notify("window/showMessage", ["type": 1, "message": "specs: cannot run \(runner): \(why)"])
            return NSNull()
        }
        scenarioRuns[id] = "\(url.lastPathComponent):\(line)"
        return nil
    }

    /// Why the open document at `uri` cannot be run as the editor shows it: its text is not
    /// what the file on disk holds, line endings (CRLF, CR, LF), one final line ending and a
    /// byte order mark aside.
    private func unsavedReason(_ uri: String, _ url: URL) -> String? {
        guard let document = documents[uri] ?? openReal[realURI(uri)].flatMap({ documents[$0] }) else { return nil }
        // Its text here may not be the editor's: whether the file is saved cannot be told.
        if document.outOfStep != nil {
            return "\(url.lastPathComponent) here may differ from the editor's since a change that could not be "
                + "read: reopen it, then run it."
        }
        let disk = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
        guard disk.map({ Self.runText($0) != Self.runText(document.text) }) ?? true else { return nil }
        return "\(url.lastPathComponent) has changes that are not saved: save the file first, "
            + "the runner reads it from disk."
    }

    /// A feature file's text as a run reads it: with no byte order mark (an editor may keep it
    /// apart), its lines split alike whatever ends them (an editor may keep LF for a CRLF file),
    /// and its last line the same with a line ending or without (an editor may add one to a
    /// file that lacks it, as Neovim does).
    static func runText(_ text: String) -> [Substring] {
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...]
        var lines = body.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Answers the requests of the runs that have ended, and shows how each went.
    func collectRuns() {
        for run in runs.finished() {
            let place = scenarioRuns.removeValue(forKey: run.id) ?? ""
            let closing = run.output.split(separator: "\n").suffix(3).joined(separator: "\n")
            connection.notify(
                "window/showMessage", ["type": run.status == 0 ? 3 : 1, "message": "specs \(place)\n\(closing)"])
            connection.respond(to: run.id.json, result: ["exitCode": Int(run.status), "output": closing])
        }
    }

    /// `$/cancelRequest` of a lens's run: the run is ended with the processes it started, and
    /// the request answered as cancelled.
    func cancelRun(_ id: RequestID) {
        guard runs.end(id) else { return }
        scenarioRuns[id] = nil
        connection.respond(to: id.json, error: ProtocolError.cancelled.code, ProtocolError.cancelled.message)
    }

    /// `shutdown`, `exit` or the end of the input: every run under way is ended at once, its
    /// request answered as cancelled while the editor still reads.
    /// When the server is about to exit (not answering), the runners ended are reaped first.
    func endAllRuns(answering: Bool) {
        for id in runs.endAll() {
            scenarioRuns[id] = nil
            guard answering else { continue }
            connection.respond(
                to: id.json, error: ProtocolError.cancelled.code,
                ProtocolError.cancelled.message + ": the server is shutting down")
        }
        if !answering { runs.awaitReaped(seconds: 1) }
    }
}
