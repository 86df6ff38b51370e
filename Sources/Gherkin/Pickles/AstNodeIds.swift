/// The ids of the AST nodes a pickle or pickle step comes from: the scenario or step,
/// then the example row when it was expanded from an outline.
///
/// A collection of strings that keeps one or two ids inline, so the hundreds of
/// thousands of pickle steps of a large suite need no array each. It encodes and
/// decodes as a JSON array, as the `astNodeIds` of Cucumber Messages.
public struct AstNodeIds: Sendable, Hashable {
    private enum Storage: Sendable, Hashable {
        case one(String)
        case two(String, String)
        case many([String])
    }

    private let storage: Storage

    /// The node itself, and the example row it was expanded for, if any.
    public init(_ node: String, row: String? = nil) {
        storage = row.map { .two(node, $0) } ?? .one(node)
    }

    /// These ids, in order.
    public init<Ids: Sequence<String>>(_ ids: Ids) {
        let ids = Array(ids)
        switch ids.count {
        case 1: storage = .one(ids[0])
        case 2: storage = .two(ids[0], ids[1])
        default: storage = .many(ids)
        }
    }
}

extension AstNodeIds: RandomAccessCollection {
    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .one: 1
        case .two: 2
        case .many(let ids): ids.count
        }
    }

    public subscript(position: Int) -> String {
        switch storage {
        case .one(let id):
            precondition(position == 0, "AstNodeIds index out of range")
            return id
        case .two(let first, let second):
            precondition(position == 0 || position == 1, "AstNodeIds index out of range")
            return position == 0 ? first : second
        case .many(let ids):
            return ids[position]
        }
    }
}

extension AstNodeIds: ExpressibleByArrayLiteral {
    public init(arrayLiteral ids: String...) { self.init(ids) }
}

extension AstNodeIds: Codable {
    public init(from decoder: Decoder) throws {
        self.init(try [String](from: decoder))
    }

    public func encode(to encoder: Encoder) throws {
        try Array(self).encode(to: encoder)
    }
}

extension AstNodeIds: CustomStringConvertible {
    /// The ids as an array prints them: `["3", "7"]`.
    public var description: String { Array(self).description }
}
