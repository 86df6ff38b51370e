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
            let textStart = step.column - 1 + step.keyword.utf16.count
            // An outline's step shows its placeholders, which no definition matches as written.
            guard step.texts.count == 1, step.texts[0] == step.text else { continue }
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
        guard let analysis = analysis(of: uri), let url = URL(string: analysis.uri), url.isFileURL else {
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

    /// Runs the scenario at a file's line with this runner, in the project folder, and shows
    /// the run's closing lines; the result is those lines and the exit code.
    func executeCommand(_ command: String, _ arguments: [Any]) -> Any {
        guard command == Self.runScenarioCommand, arguments.count == 2,
            let uri = arguments[0] as? String, let url = URL(string: uri), url.isFileURL,
            let line = (arguments[1] as? Int) ?? (arguments[1] as? NSNumber)?.intValue,
            let runner = runnerExecutable
        else { return NSNull() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: runner)
        process.arguments = ["\(url.path):\(line)", "--format", "summary", "--no-color"]
        process.currentDirectoryURL = URL(fileURLWithPath: projectFolder ?? url.deletingLastPathComponent().path)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            connection.notify("window/showMessage", ["type": 1, "message": "specs: cannot run \(runner): \(error)"])
            return NSNull()
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let closing = text.split(separator: "\n").suffix(3).joined(separator: "\n")
        let status = process.terminationStatus
        connection.notify(
            "window/showMessage",
            ["type": status == 0 ? 3 : 1, "message": "specs \(url.lastPathComponent):\(line)\n\(closing)"])
        return ["exitCode": Int(status), "output": closing]
    }
}
