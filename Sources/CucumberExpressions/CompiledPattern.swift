import Foundation

/// An anchored regular expression with the nesting of its groups, matched against
/// whole step texts.
struct CompiledPattern: Sendable {
    private let regex: NSRegularExpression
    private let tree: GroupTree
    let source: String

    init(_ source: String) throws(RegularExpressionError) {
        do {
            regex = try NSRegularExpression(pattern: source, options: [])
        } catch {
            throw RegularExpressionError(pattern: source)
        }
        tree = GroupTree(pattern: source)
        self.source = source
    }

    /// The groups inside the whole match, or nil when the text does not match.
    func match(_ text: String) -> [MatchGroup]? {
        let utf16Count = text.utf16.count
        guard let result = regex.firstMatch(in: text, options: [.anchored], range: NSRange(location: 0, length: utf16Count)),
              result.range.location == 0, result.range.length == utf16Count
        else { return nil }
        let ascii = text.utf8.count == utf16Count
        func group(_ node: GroupTree.Node) -> MatchGroup {
            let range = node.index < result.numberOfRanges ? result.range(at: node.index) : NSRange(location: NSNotFound, length: 0)
            guard range.location != NSNotFound, let bounds = Range(range, in: text) else {
                return MatchGroup(start: nil, value: nil, children: node.children.map(group))
            }
            let start = ascii ? range.location : text.unicodeScalars.distance(from: text.startIndex, to: bounds.lowerBound)
            return MatchGroup(start: start, value: String(text[bounds]), children: node.children.map(group))
        }
        return tree.roots.map(group)
    }
}

/// A regular expression that does not compile.
public struct RegularExpressionError: Error, Sendable, CustomStringConvertible {
    public let pattern: String
    public var description: String { "invalid regular expression: /\(pattern)/" }
}
