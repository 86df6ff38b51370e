import Foundation
import SpecsRunner

extension LanguageServer {
    // MARK: Semantic tokens

    /// The token types the server marks: keywords, and parameters by type.
    static let tokenTypes = ["keyword", "parameter", "string", "number"]

    /// Keywords of headings and steps, and each step's parameters by their type, encoded as the
    /// protocol has them (line and start relative to the previous token): headings and steps
    /// taken in line order as they stand, each step's arguments remembered by its text, the
    /// numbers written straight into the answer.
    /// A long document's answer looks at what has come every few thousand steps (see `interrupt`).
    func semanticTokens(_ uri: String) throws(ProtocolError) -> Any {
        guard let analysis = current(uri) else { return ["data": [] as [Int]] }
        var data = SemanticTokenData(tokens: analysis.steps.count * 2 + analysis.headings.count)
        let headings = analysis.headings
        var next = 0
        func headingsBefore(_ line: Int) {
            while next < headings.count, headings[next].line < line {
                let heading = headings[next]
                if heading.keywordLength > 0 {
                    data.add(line: heading.line - 1, start: heading.column - 1, length: heading.keywordLength, type: 0)
                }
                next += 1
            }
        }
        for (index, step) in analysis.steps.enumerated() {
            if index % 4096 == 4095 { try interrupt(uri) }
            headingsBefore(step.line + 1)
            // The keyword without the space after it.
            var keywordLength = step.keyword.utf16.count
            for unit in step.keyword.utf16.reversed() {
                guard unit == 32 || unit == 9 else { break }
                keywordLength -= 1
            }
            data.add(line: step.line - 1, start: step.column - 1, length: keywordLength, type: 0)
            let textStart = step.column - 1 + step.keyword.utf16.count
            // An outline's step shows its placeholders, which no definition matches as written.
            guard step.texts.count == 1, step.texts[0] == step.text else { continue }
            for argument in arguments(of: step.text) {
                data.add(
                    line: step.line - 1, start: textStart + argument.offset, length: argument.length,
                    type: Self.tokenType(argument.type))
            }
        }
        headingsBefore(Int.max)
        return JSONText.Encoded(bytes: data.json)
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
