import Foundation

/// Reads the `testcase` elements of xUnit XML and what happened to each, without an
/// XML library: elements, attributes with entities, self-closing tags, comments,
/// CDATA sections and processing instructions. Malformed markup is an error.
struct XUnitReader {
    struct Case {
        let suite: String
        let test: String
        var outcome: TestResults.Outcome
    }

    /// The file ends inside its `testsuite`: it was cut off after `cases` test cases.
    struct CutOff: Error {
        let cases: Int
    }

    /// A file's test cases, and whether `swift test` wrote it (its `testsuite` is named
    /// `TestResults`): then a bare `testcase` may be a skipped test.
    struct File {
        var cases: [Case]
        var writtenBySwiftTest: Bool
    }

    static func file(_ text: String) throws -> File {
        var writtenBySwiftTest = false
        let cases = try cases(in: text) { suite in writtenBySwiftTest = writtenBySwiftTest || suite == "TestResults" }
        return File(cases: cases, writtenBySwiftTest: writtenBySwiftTest)
    }

    static func cases(in text: String, suiteNamed: (String) -> Void = { _ in }) throws -> [Case] {
        let bytes = Array(text.utf8)
        var index = 0
        var cases: [Case] = []
        var current: Case?
        var sawTestsuite = false
        /// The `testsuite` and `testsuites` elements open at this point.
        var openSuites = 0

        func find(_ literal: String, from start: Int) -> Int? {
            let needle = Array(literal.utf8)
            guard needle.count <= bytes.count else { return nil }
            var position = start
            while position + needle.count <= bytes.count {
                if bytes[position] == needle[0] && Array(bytes[position..<position + needle.count]) == needle {
                    return position
                }
                position += 1
            }
            return nil
        }

        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            let rest = String(decoding: bytes[open..<min(open + 9, bytes.count)], as: UTF8.self)
            if rest.hasPrefix("<!--") {
                guard let close = find("-->", from: open + 4) else {
                    throw TraceabilityError(message: "unterminated comment")
                }
                index = close + 3
            } else if rest.hasPrefix("<![CDATA[") {
                guard let close = find("]]>", from: open + 9) else {
                    throw TraceabilityError(message: "unterminated CDATA section")
                }
                index = close + 3
            } else if rest.hasPrefix("<?") || rest.hasPrefix("<!") {
                guard let close = find(">", from: open) else {
                    throw TraceabilityError(message: "unterminated declaration")
                }
                index = close + 1
            } else {
                guard let close = tagEnd(bytes, from: open + 1) else {
                    throw TraceabilityError(message: "unterminated tag")
                }
                let tag = String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
                index = close + 1
                if tag.hasPrefix("/") {
                    let closed = tag.dropFirst().trimmingCharacters(in: .whitespaces)
                    if closed == "testcase", let finished = current {
                        cases.append(finished)
                        current = nil
                    } else if closed == "testsuite" || closed == "testsuites" {
                        openSuites -= 1
                    }
                    continue
                }
                let selfClosing = tag.hasSuffix("/")
                let body = selfClosing ? String(tag.dropLast()) : tag
                let name = String(body.prefix { !$0.isWhitespace })
                let attributes = try Self.attributes(String(body.dropFirst(name.count)))
                switch name {
                case "testsuite", "testsuites":
                    sawTestsuite = true
                    if name == "testsuite" { suiteNamed(attributes["name"] ?? "") }
                    if !selfClosing { openSuites += 1 }
                case "testcase":
                    let started = Case(
                        suite: attributes["classname"] ?? "", test: attributes["name"] ?? "", outcome: .passed)
                    if selfClosing { cases.append(started) } else { current = started }
                case "failure", "error": current?.outcome = .failed
                case "skipped": if current?.outcome != .failed { current?.outcome = .skipped }
                default: break
                }
            }
        }
        guard sawTestsuite else { throw TraceabilityError(message: "no <testsuite> element") }
        guard openSuites <= 0 && current == nil else { throw CutOff(cases: cases.count) }
        return cases
    }

    /// The `>` closing a tag, skipping quoted attribute values.
    private static func tagEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var quote: UInt8?
        var position = start
        while position < bytes.count {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return position
            }
            position += 1
        }
        return nil
    }

    private static func attributes(_ text: String) throws -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard !rest.isEmpty else { return result }
            guard let equals = rest.firstIndex(of: "=") else {
                throw TraceabilityError(message: "malformed attribute near '\(rest.prefix(20))'")
            }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = rest.first, quote == "\"" || quote == "'",
                let end = rest.dropFirst().firstIndex(of: quote)
            else { throw TraceabilityError(message: "unquoted attribute \(name)") }
            result[name] = decodeEntities(String(rest[rest.index(after: rest.startIndex)..<end]))
            rest = rest[rest.index(after: end)...]
        }
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "lt": result += "<"
            case "gt": result += ">"
            case "amp": result += "&"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
                if entity.hasPrefix("#"), let value = UInt32(entity.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
                    let scalar = Unicode.Scalar(value)
                {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += "&\(entity);"
                }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return result + rest
    }
}
