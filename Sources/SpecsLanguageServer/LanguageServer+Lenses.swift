import Foundation
import SpecsRunner

extension LanguageServer {
    // MARK: Semantic tokens

    /// The token types the server marks: keywords, and parameters by type.
    static let tokenTypes = ["keyword", "parameter", "string", "number"]

    /// Keywords of headings and steps, and each step's parameters by their type, encoded as the
    /// protocol has them (line and start relative to the previous token).
    func semanticTokens(_ uri: String) -> Any {
        guard let analysis = current(uri) else { return ["data": [] as [Int]] }
        var tokens: [(line: Int, start: Int, length: Int, type: Int)] = []
        for heading in analysis.headings where heading.keywordLength > 0 {
            tokens.append((heading.line - 1, heading.column - 1, heading.keywordLength, 0))
        }
        for step in analysis.steps {
            let keyword = step.keyword.trimmingCharacters(in: .whitespaces)
            tokens.append((step.line - 1, step.column - 1, keyword.utf16.count, 0))
            let textStart = step.column - 1 + step.keyword.utf16.count
            // An outline's step shows its placeholders, which no definition matches as written.
            guard step.texts == [step.text] else { continue }
            for argument in arguments(of: step.text) {
                let type: Int
                switch argument.type {
                case "string": type = 2
                case "int", "float", "double", "byte", "short", "long", "biginteger", "bigdecimal": type = 3
                default: type = 1
                }
                tokens.append((step.line - 1, textStart + argument.offset, argument.length, type))
            }
        }
        tokens.sort { ($0.line, $0.start) < ($1.line, $1.start) }
        var data: [Int] = []
        var previous = (line: 0, start: 0)
        for token in tokens {
            let deltaLine = token.line - previous.line
            data += [
                deltaLine, deltaLine == 0 ? token.start - previous.start : token.start, token.length, token.type, 0,
            ]
            previous = (token.line, token.start)
        }
        return ["data": data]
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
