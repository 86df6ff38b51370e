import Foundation
import Messages
import SpecsRunner

extension NDJSONError {
    /// The error placed where the line stops being UTF-8 or JSON, if it does, saying what is
    /// wrong there; `stream` is the file's bytes as read.
    func placed(in stream: Data) -> NDJSONError {
        var placed = self
        let lines = stream.split(separator: 0x0A, omittingEmptySubsequences: false)
        if line >= 1, line <= lines.count, let (column, byte) = Self.invalidUTF8(in: lines[line - 1]) {
            placed.column = column
            placed.reason = "not a message envelope: " + String(format: "invalid UTF-8 (byte 0x%02X)", byte)
            return placed
        }
        guard let text, let problem = JSONSyntax.problem(in: text) else { return self }
        placed.column = problem.column
        placed.reason = "not a message envelope: \(problem.message)"
        return placed
    }

    /// The column and byte where `bytes` stop being UTF-8, if they do.
    private static func invalidUTF8(in bytes: Data) -> (column: Int, byte: UInt8)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = bytes.startIndex
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
                column += 1
            case .error:
                return (column, bytes[offset])
            case .emptyInput:
                return nil
            }
        }
    }
}
