/// Finds tests in Swift test source: `test…` methods of XCTestCase subclasses and
/// `@Test` functions (in their `@Suite` or enclosing type, or at file level, in the suite
/// named after their module).
/// A line-based reader that tracks braces and the enclosing type; comments and
/// string literals are skipped so that braces inside them do not count.
enum TestSourceScanner {
    static func tests(in source: String, module: String?) -> Set<TestIdentifier> {
        var found: Set<TestIdentifier> = []
        var depth = 0
        var types: [(name: String, depth: Int, isXCTest: Bool)] = []
        var pendingTestAttribute = false
        var inBlockComment = false
        // "\r\n" is one Character: a CRLF file (a Windows checkout) is split at it too.
        for rawLine in source.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = stripCommentsAndStrings(String(rawLine), inBlockComment: &inBlockComment)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let (name, isXCTest) = typeDeclaration(trimmed) {
                types.append((name, depth, isXCTest))
            }
            if trimmed.hasPrefix("@Test") { pendingTestAttribute = true }
            if let function = functionName(trimmed) {
                let enclosing = types.last
                if pendingTestAttribute {
                    // A `@Test` at file level is in its module's suite, as Swift Testing's xUnit
                    // report names it (`classname="ShopTests"`): `@xctest:ShopTests/total`.
                    found.insert(TestIdentifier(module: module, suite: enclosing?.name ?? module ?? "", test: function))
                } else if let enclosing, enclosing.isXCTest, function.hasPrefix("test") {
                    found.insert(TestIdentifier(module: module, suite: enclosing.name, test: function))
                }
                pendingTestAttribute = false
            }
            for character in line {
                if character == "{" { depth += 1 }
                if character == "}" {
                    depth -= 1
                    while let last = types.last, last.depth >= depth { types.removeLast() }
                }
            }
        }
        return found
    }

    /// `class X: XCTestCase`, `final class X: XCTestCase`, `struct X`, `@Suite struct X`, `extension X`.
    private static func typeDeclaration(_ line: String) -> (String, Bool)? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        while let first = words.first,
            first.hasPrefix("@") || ["final", "public", "private", "internal", "fileprivate", "open"].contains(first)
        {
            words.removeFirst()
        }
        guard words.count >= 2, ["class", "struct", "enum", "actor", "extension"].contains(words[0]) else { return nil }
        let name = String(words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        guard !name.isEmpty else { return nil }
        return (name, line.contains("XCTestCase"))
    }

    private static func functionName(_ line: String) -> String? {
        guard let range = line.range(of: "func ") else { return nil }
        let before = line[..<range.lowerBound]
        guard
            before.allSatisfy({
                $0 == " " || $0.isLetter || $0 == "@" || $0 == "(" || $0 == ")" || $0 == "\"" || $0 == "." || $0 == ","
            })
        else { return nil }
        let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    private static func stripCommentsAndStrings(_ line: String, inBlockComment: inout Bool) -> String {
        var result = ""
        var inString = false
        var previous: Character = " "
        var iterator = Array(line).makeIterator()
        while let character = iterator.next() {
            if inBlockComment {
                if previous == "*" && character == "/" {
                    inBlockComment = false
                    previous = " "
                    continue
                }
                previous = character
                continue
            }
            if inString {
                if character == "\"" && previous != "\\" { inString = false }
                previous = character == "\\" && previous == "\\" ? " " : character
                continue
            }
            if previous == "/" && character == "/" {
                result.removeLast()
                break
            }
            if previous == "/" && character == "*" {
                result.removeLast()
                inBlockComment = true
                previous = " "
                continue
            }
            if character == "\"" {
                inString = true
                previous = character
                result.append("\"\"")
                continue
            }
            result.append(character)
            previous = character
        }
        return result
    }
}
