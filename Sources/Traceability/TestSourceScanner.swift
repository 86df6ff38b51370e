/// Finds tests in Swift test source: `test…` methods of XCTestCase subclasses (through a base
/// class of the project's, and in extensions) and `@Test` functions (in their `@Suite` or
/// enclosing type, or at file level, in the suite named after their module).
/// A line-based reader that tracks braces and the enclosing type; comments and
/// string literals (multi-line ones too) are skipped so that braces inside them do not count.
enum TestSourceScanner {
    /// What a file declares that tests are read from: the types it declares with the types
    /// they inherit from, and the functions that may be tests, with their enclosing type.
    struct Declarations {
        var supertypes: [String: [String]] = [:]
        var functions: [(suite: String?, name: String, attributed: Bool)] = []
    }

    /// The tests of the files given: a class is an XCTest case when it inherits from
    /// `XCTestCase`, or from a class of these files that does.
    static func tests(in files: [(declarations: Declarations, module: String?)]) -> Set<TestIdentifier> {
        var inherits: [String: [String]] = [:]
        for file in files { inherits.merge(file.declarations.supertypes) { $0 + $1 } }
        var xctest: Set<String> = ["XCTestCase"]
        var grew = true
        while grew {
            grew = false
            for (type, supertypes) in inherits
            where !xctest.contains(type) && supertypes.contains(where: xctest.contains) {
                xctest.insert(type)
                grew = true
            }
        }
        var found: Set<TestIdentifier> = []
        for (declarations, module) in files {
            for function in declarations.functions {
                if function.attributed {
                    // A `@Test` at file level is in its module's suite, as Swift Testing's xUnit
                    // report names it (`classname="ShopTests"`): `@xctest:ShopTests/total`.
                    found.insert(
                        TestIdentifier(module: module, suite: function.suite ?? module ?? "", test: function.name))
                } else if let suite = function.suite, suite != "XCTestCase", xctest.contains(suite),
                    function.name.hasPrefix("test")
                {
                    found.insert(TestIdentifier(module: module, suite: suite, test: function.name))
                }
            }
        }
        return found
    }

    /// The tests of one file alone (its classes' base classes found in it or `XCTestCase`).
    static func tests(in source: String, module: String?) -> Set<TestIdentifier> {
        tests(in: [(declarations(in: source), module)])
    }

    static func declarations(in source: String) -> Declarations {
        var declarations = Declarations()
        var depth = 0
        var types: [(name: String, depth: Int)] = []
        var pendingTestAttribute = false
        var state = LexicalState()
        // "\r\n" is one Character: a CRLF file (a Windows checkout) is split at it too.
        for rawLine in source.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = stripCommentsAndStrings(String(rawLine), state: &state)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let (name, supertypes, isExtension) = typeDeclaration(trimmed) {
                types.append((name, depth))
                if !isExtension { declarations.supertypes[name, default: []] += supertypes }
            }
            if trimmed.hasPrefix("@Test") || trimmed.contains(" @Test") { pendingTestAttribute = true }
            if let function = functionName(trimmed) {
                declarations.functions.append((types.last?.name, function, pendingTestAttribute))
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
        return declarations
    }

    /// `class X: XCTestCase`, `final class X: Base, P`, `struct X`, `@Suite struct X`,
    /// `extension X`: the name, the types after the colon (their last name: `XCTest.XCTestCase`
    /// is `XCTestCase`), and whether it is an extension.
    private static func typeDeclaration(_ line: String) -> (String, [String], Bool)? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        while let first = words.first,
            first.hasPrefix("@") || ["final", "public", "private", "internal", "fileprivate", "open"].contains(first)
        {
            words.removeFirst()
        }
        guard words.count >= 2, ["class", "struct", "enum", "actor", "extension"].contains(words[0]) else { return nil }
        let name = String(words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        guard !name.isEmpty else { return nil }
        var supertypes: [String] = []
        if let colon = line.firstIndex(of: ":") {
            var list = line[line.index(after: colon)...].prefix { $0 != "{" }
            if let clause = list.range(of: " where ") { list = list[..<clause.lowerBound] }
            supertypes = list.split(separator: ",").compactMap { entry in
                let type = entry.trimmingCharacters(in: .whitespaces).prefix { $0 != "<" }
                let last = type.split(separator: ".").last.map(String.init) ?? ""
                return last.isEmpty ? nil : last
            }
        }
        return (name, supertypes, words[0] == "extension")
    }

    /// The name of the function a line declares, after its attributes and modifiers
    /// (`@Test(arguments: [1, 2]) func`, `@available(*, deprecated) override func`).
    private static func functionName(_ line: String) -> String? {
        guard let range = line.range(of: "func "),
            range.lowerBound == line.startIndex || line[line.index(before: range.lowerBound)] == " "
        else { return nil }
        let before = line[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
        let modifiers = [
            "public", "private", "internal", "fileprivate", "open", "static", "class", "final", "override",
            "nonisolated", "mutating", "package",
        ]
        guard
            before.isEmpty || before.hasPrefix("@")
                || modifiers.contains(where: { before.hasPrefix($0 + " ") || before == $0 }),
            !before.contains("=")
        else { return nil }
        let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// What a line ends inside, for the next: a block comment, a multi-line string literal.
    struct LexicalState {
        var inBlockComment = false
        var inMultilineString = false
    }

    private static func stripCommentsAndStrings(_ line: String, state: inout LexicalState) -> String {
        var result = ""
        var inString = false
        var previous: Character = " "
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            defer { index += 1 }
            let opensTriple =
                character == "\"" && index + 2 < characters.count && characters[index + 1] == "\""
                && characters[index + 2] == "\""
            if state.inMultilineString {
                // Its text is no code: a `/*` or a brace in it counts for nothing, up to its `"""`.
                if opensTriple {
                    state.inMultilineString = false
                    index += 2
                    result.append("\"\"")
                }
                continue
            }
            if state.inBlockComment {
                if previous == "*" && character == "/" {
                    state.inBlockComment = false
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
            if opensTriple {
                state.inMultilineString = true
                index += 2
                continue
            }
            if previous == "/" && character == "/" {
                result.removeLast()
                break
            }
            if previous == "/" && character == "*" {
                result.removeLast()
                state.inBlockComment = true
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
