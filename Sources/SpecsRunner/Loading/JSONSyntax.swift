import Foundation

/// The first thing wrong with a JSON text, where it is: a syntax error (a missing comma, a
/// trailing one, an unclosed string), a key given twice in one object, a byte that is not
/// UTF-8, a lone UTF-16 surrogate (`"\ud800"`), a number out of range (`1e400`) or nesting
/// deeper than `maxDepth`. Foundation's parser says neither where nor that a key repeats; this scanner reads the text once, without
/// recursion (any depth of nesting), and builds nothing. It also finds where a key is, for
/// an error about its value that a reader of the parsed JSON finds.
package enum JSONSyntax {
    /// What is wrong, at a 1-based line and column (columns count characters).
    package struct Problem: Error, Equatable {
        /// The 1-based line.
        package let line: Int
        /// The 1-based column, counted in characters.
        package let column: Int
        /// What is wrong there.
        package let message: String
    }

    private enum Expecting { case value, keyOrEnd, key, valueOrEnd, afterValue }

    /// The deepest nesting of objects and arrays read; a deeper one is refused where it passes.
    package static let maxDepth = 256

    /// The first problem of `data`, or nil when it is well-formed JSON without repeated keys.
    package static func problem(in data: Data) -> Problem? {
        let bytes = [UInt8](data)
        var scanner = Scanner(bytes: bytes)
        do throws(Failure) {
            if let offset = invalidUTF8(in: bytes) {
                let shown = "0x" + String(bytes[offset], radix: 16, uppercase: true)
                throw Failure(offset: offset, message: "the byte \(shown) is not UTF-8 text")
            }
            try scanner.scan()
            return nil
        } catch {
            let (line, column) = place(of: error.offset, in: bytes)
            return Problem(line: line, column: column, message: error.message)
        }
    }

    /// Where the key at the end of `keyPath` (object keys from the outermost) is written in
    /// `data`, as a 1-based line and column; the empty path is the whole value. Nil when `data`
    /// does not read or lacks the key.
    package static func place(ofKey keyPath: [String], in data: Data) -> (line: Int, column: Int)? {
        let bytes = [UInt8](data)
        var scanner = Scanner(bytes: bytes, sought: keyPath)
        if keyPath.isEmpty {
            scanner.skipSpace()
            scanner.soughtAt = scanner.index
        } else {
            do { try scanner.scan() } catch { return nil }
        }
        return scanner.soughtAt.map { place(of: $0, in: bytes) }
    }

    /// The offset of the first byte that does not begin a well-formed UTF-8 sequence.
    private static func invalidUTF8(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            guard lead >= 0x80 else {
                index += 1
                continue
            }
            let (more, second): (Int, ClosedRange<UInt8>)
            switch lead {
            case 0xC2...0xDF: (more, second) = (1, 0x80...0xBF)
            case 0xE0: (more, second) = (2, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (more, second) = (2, 0x80...0xBF)
            case 0xED: (more, second) = (2, 0x80...0x9F)
            case 0xF0: (more, second) = (3, 0x90...0xBF)
            case 0xF1...0xF3: (more, second) = (3, 0x80...0xBF)
            case 0xF4: (more, second) = (3, 0x80...0x8F)
            default: return index
            }
            guard index + more < bytes.count, second.contains(bytes[index + 1]),
                bytes[(index + 2)..<(index + 1 + more)].allSatisfy({ (0x80...0xBF).contains($0) })
            else { return index }
            index += 1 + more
        }
        return nil
    }

    private static func place(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    private struct Failure: Error {
        let offset: Int
        let message: String
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        /// The open containers: an object's keys with where each was first given, or nil for an array.
        var open: [[String: Int]?] = []
        /// The key each open container is the value of (nil for the outermost and an array's items).
        var openKeys: [String?] = []
        /// The key read last, whose value comes next.
        var key: String?
        /// The key path whose place is sought, and where its key is once read.
        let sought: [String]
        var soughtAt: Int?

        init(bytes: [UInt8], sought: [String] = []) {
            self.bytes = bytes
            self.sought = sought
        }

        private mutating func close() {
            open.removeLast()
            openKeys.removeLast()
        }

        mutating func scan() throws(Failure) {
            var expecting = Expecting.value
            while true {
                skipSpace()
                guard index < bytes.count else {
                    if open.isEmpty && expecting == .afterValue { return }
                    throw Failure(offset: index, message: "the file ends \(endWords(expecting))")
                }
                let byte = bytes[index]
                switch expecting {
                case .value, .valueOrEnd:
                    if expecting == .valueOrEnd, byte == UInt8(ascii: "]") {
                        index += 1
                        close()
                        expecting = .afterValue
                    } else {
                        expecting = try value()
                    }
                case .keyOrEnd, .key:
                    if byte == UInt8(ascii: "}") {
                        guard expecting == .keyOrEnd else {
                            throw Failure(offset: index, message: "expected a key after ',' (a comma too many?)")
                        }
                        index += 1
                        close()
                        expecting = .afterValue
                        continue
                    }
                    guard byte == UInt8(ascii: "\"") else {
                        throw Failure(offset: index, message: "expected a key in double quotes, found \(found())")
                    }
                    let start = index
                    let key = try string()
                    if let first = open[open.count - 1]?[key] {
                        let (line, column) = JSONSyntax.place(of: first, in: bytes)
                        throw Failure(
                            offset: start, message: "the key '\(key)' is given twice (first at \(line):\(column))")
                    }
                    open[open.count - 1]?[key] = start
                    self.key = key
                    if soughtAt == nil, sought.count == openKeys.count, sought.last == key,
                        zip(openKeys.dropFirst(), sought).allSatisfy({ $0 == $1 })
                    {
                        soughtAt = start
                    }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                        throw Failure(offset: index, message: "expected ':' after the key '\(key)', found \(found())")
                    }
                    index += 1
                    expecting = .value
                case .afterValue:
                    guard let top = open.last else {
                        throw Failure(offset: index, message: "unexpected \(found()) after the end of the JSON value")
                    }
                    let close = UInt8(ascii: top == nil ? "]" : "}")
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        expecting = top == nil ? .value : .key
                    } else if byte == close {
                        index += 1
                        self.close()
                    } else {
                        let missing =
                            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
                        throw Failure(
                            offset: index,
                            message:
                                "expected ',' or '\(Character(Unicode.Scalar(close)))' after a value, found \(found())"
                                + (missing ? " (a comma missing?)" : ""))
                    }
                }
            }
        }

        /// Reads a value's start: a container is opened, a scalar read whole.
        private mutating func value() throws(Failure) -> Expecting {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard open.count < JSONSyntax.maxDepth else {
                    throw Failure(
                        offset: index, message: "nesting deeper than \(JSONSyntax.maxDepth) levels is refused")
                }
                return opened()
            case UInt8(ascii: "\""):
                _ = try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number()
            default:
                for word in ["true", "false", "null"] where bytes[index...].starts(with: word.utf8) {
                    index += word.utf8.count
                    return .afterValue
                }
                throw Failure(offset: index, message: "expected a value, found \(found())")
            }
            return .afterValue
        }

        /// Opens the object or array at `index`.
        private mutating func opened() -> Expecting {
            let isObject = bytes[index] == UInt8(ascii: "{")
            index += 1
            openKeys.append(open.last.flatMap { $0 } != nil ? key : nil)
            open.append(isObject ? [:] : nil)
            return isObject ? .keyOrEnd : .valueOrEnd
        }

        private mutating func number() throws(Failure) {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            func digits() -> Int {
                let from = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - from
            }
            let whole = index
            guard digits() > 0, bytes[whole] != UInt8(ascii: "0") || index - whole == 1 else {
                throw Failure(offset: start, message: "a number is written as -12, 0.5 or 1e3")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else {
                    throw Failure(offset: start, message: "a number is written as -12, 0.5 or 1e3")
                }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else {
                    throw Failure(offset: start, message: "a number is written as -12, 0.5 or 1e3")
                }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard Double(text)?.isFinite ?? false else {
                throw Failure(offset: start, message: "the number \(text) is out of range")
            }
        }

        /// The UTF-16 unit of the `\uXXXX` escape at `offset`, if one is there.
        private func escapedUnit(at offset: Int) -> UInt16? {
            guard offset + 6 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
            else { return nil }
            return UInt16(String(decoding: bytes[(offset + 2)..<(offset + 6)], as: UTF8.self), radix: 16)
        }

        /// Reads a string from its opening quote, returning its text with escapes read.
        private mutating func string() throws(Failure) -> String {
            let start = index
            index += 1
            var text: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(decoding: text, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else {
                        throw Failure(offset: start, message: "a string is not closed")
                    }
                    let escaped = bytes[index + 1]
                    let simple: [UInt8: UInt8] = [
                        UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
                        UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
                        UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
                    ]
                    if let plain = simple[escaped] {
                        text.append(plain)
                        index += 2
                    } else if escaped == UInt8(ascii: "u"), let unit = escapedUnit(at: index) {
                        var units = [unit]
                        if UTF16.isLeadSurrogate(unit), let low = escapedUnit(at: index + 6),
                            UTF16.isTrailSurrogate(low)
                        {
                            units.append(low)
                        } else if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) {
                            throw Failure(
                                offset: index,
                                message: "a lone surrogate \\u\(String(unit, radix: 16)) is not a character "
                                    + "(a pair is, as \\ud83d\\ude00)")
                        }
                        index += 6 * units.count
                        text += Array(String(decoding: units, as: UTF16.self).utf8)
                    } else {
                        throw Failure(
                            offset: index, message: "unknown escape in a string (\\\" \\\\ \\/ \\n \\t \\uXXXX)")
                    }
                case 0..<0x20:
                    throw Failure(offset: index, message: "a string's line ends before its closing '\"'")
                default:
                    text.append(byte)
                    index += 1
                }
            }
            throw Failure(offset: start, message: "a string is not closed")
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        private func found() -> String {
            guard index < bytes.count else { return "the end of the file" }
            let scalar =
                String(decoding: bytes[index..<min(bytes.count, index + 4)], as: UTF8.self).unicodeScalars
                .first ?? "?"
            let shown = (0x20..<0x7F).contains(scalar.value) ? String(scalar) : scalar.escaped(asASCII: true)
            return "'\(shown)'"
        }

        private func endWords(_ expecting: Expecting) -> String {
            switch expecting {
            case .value, .valueOrEnd: "where a value should be"
            case .keyOrEnd, .key: "where a key should be"
            case .afterValue: "before every '{' and '[' is closed"
            }
        }
    }
}
