import Foundation
import Locking

/// An anchored regular expression with the nesting of its groups, matched against
/// whole step texts.
struct CompiledPattern: Sendable {
    private let regex: Locked<RegexCompilation>
    private let tree: GroupTree
    let source: String

    /// Compiles `source` now: an invalid pattern is an error here, not at its first match.
    init(_ source: String) throws(RegularExpressionError) {
        guard let regex = try? NSRegularExpression(pattern: source, options: []) else {
            throw RegularExpressionError(pattern: source)
        }
        self.init(source: source, regex: Locked(.compiled(regex)))
    }

    /// Compiles `source` when it is first matched, for a pattern valid by construction
    /// (a Cucumber Expression built from the built-in parameter types): most step
    /// definitions of a large suite are never tried (see `RegexCompilation`).
    init(compilingOnFirstMatch source: String) {
        self.init(source: source, regex: Locked(.pending(source)))
    }

    private init(source: String, regex: Locked<RegexCompilation>) {
        self.regex = regex
        tree = GroupTree(pattern: source)
        self.source = source
    }

    /// The groups inside the whole match, or nil when the text does not match.
    func match(_ text: String) -> [MatchGroup]? {
        let utf16Count = text.utf16.count
        guard let regex = RegexCompilation.compiled(regex),
            let result = regex.firstMatch(
                in: text, options: [.anchored], range: NSRange(location: 0, length: utf16Count)),
            result.range.location == 0, result.range.length == utf16Count
        else { return nil }
        let ascii = text.utf8.count == utf16Count
        func group(_ node: GroupTree.Node) -> MatchGroup {
            let range =
                node.index < result.numberOfRanges
                ? result.range(at: node.index) : NSRange(location: NSNotFound, length: 0)
            guard range.location != NSNotFound else {
                return MatchGroup(start: nil, value: nil, children: node.children.map(group))
            }
            // A group may start or end inside a character (before a combining accent, in an
            // emoji sequence): its bounds are taken as scalars, not as characters.
            let utf16 = text.utf16
            let lower = utf16.index(utf16.startIndex, offsetBy: range.location)
            let upper = utf16.index(lower, offsetBy: range.length)
            let start = ascii ? range.location : text.unicodeScalars.distance(from: text.startIndex, to: lower)
            let value = ascii ? String(text[lower..<upper]) : String(text.unicodeScalars[lower..<upper])
            return MatchGroup(start: start, value: value, children: node.children.map(group))
        }
        return tree.roots.map(group)
    }
}

/// A regular expression compiled at most once, now or at its first match, by whichever
/// thread matches first. Compiling on first use saves about 5.5 KB and 10 µs per definition
/// never tried: 16 MB per process for the 3,000 never-matching definitions of the benchmark's
/// corpus.
private enum RegexCompilation {
    case pending(String)
    case compiled(NSRegularExpression)
    case invalid

    /// The compiled expression; nil only if a pattern said to be valid by construction
    /// was not, which then matches nothing.
    static func compiled(_ state: Locked<Self>) -> NSRegularExpression? {
        state.withLock { state in
            switch state {
            case .compiled(let regex): return regex
            case .invalid: return nil
            case .pending(let source):
                guard let regex = try? NSRegularExpression(pattern: source, options: []) else {
                    state = .invalid
                    return nil
                }
                state = .compiled(regex)
                return regex
            }
        }
    }
}

/// A regular expression that does not compile, or whose group several parameter types match.
package struct RegularExpressionError: Error, Sendable, CustomStringConvertible {
    /// The regular expression as written.
    package let pattern: String
    /// What is wrong, when the pattern compiles.
    package var reason: String? = nil
    /// The problem, with the pattern.
    package var description: String { reason ?? "invalid regular expression: /\(pattern)/" }
}
