/// A name as written in a feature file, made into a Swift raw identifier
/// (`` `Scenario: Login exitoso` ``) that Swift Testing lists, filters and writes to
/// xUnit files as it is.
///
/// A raw identifier cannot hold a backslash, a backtick or a control character, and
/// Swift Testing writes test names into xUnit XML without escaping them; those few
/// characters are replaced by look-alikes so that the name still reads as written.
struct TestName: Hashable, Sendable {
    let text: String

    init(_ written: String) {
        var result = ""
        var quoteOpen = false
        var lastWasSpace = false
        for scalar in written.unicodeScalars {
            let replacement: String
            switch scalar {
            case "\\": replacement = "∖"
            case "`": replacement = "ʼ"
            case "<": replacement = "‹"
            case ">": replacement = "›"
            case "&": replacement = "＆"
            case "\"":
                replacement = quoteOpen ? "”" : "“"
                quoteOpen.toggle()
            case _ where Self.isInvisible(scalar): continue
            case _ where scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                if !lastWasSpace && !result.isEmpty { result += " " }
                lastWasSpace = true
                continue
            default: replacement = String(scalar)
            }
            result += replacement
            lastWasSpace = false
        }
        while result.hasSuffix(" ") { result.removeLast() }
        text = result
    }

    /// Bidirectional controls and other format characters: they would reorder or hide
    /// the text around them in a test list.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format
    }

    /// The name with a suffix that tells it apart from another of the same name.
    func suffixed(_ suffix: String) -> TestName { TestName(text + " " + suffix) }

    /// The identifier as Swift source.
    var identifier: String { "`" + text + "`" }
}

/// Names that must differ within one scope (the tests of a suite, the suites of a
/// module): every name that occurs more than once gets its own suffix.
enum UniqueNames {
    static func resolve(_ names: [(name: TestName, suffix: String)]) -> [TestName] {
        var counts: [TestName: Int] = [:]
        for entry in names { counts[entry.name, default: 0] += 1 }
        var result = names.map { counts[$0.name] == 1 ? $0.name : $0.name.suffixed($0.suffix) }
        // A suffixed name can still meet another (same name, same line in two files): number the rest.
        var seen: Set<TestName> = []
        for index in result.indices {
            var candidate = result[index]
            var number = 2
            while seen.contains(candidate) {
                candidate = result[index].suffixed("#\(number)")
                number += 1
            }
            seen.insert(candidate)
            result[index] = candidate
        }
        return result
    }
}
