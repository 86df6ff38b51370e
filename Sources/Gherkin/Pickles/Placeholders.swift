/// The placeholders an examples table's header names, read once for all its rows.
struct Placeholders: Sendable {
    /// The placeholders (`<name>`, as UTF-8), in column order.
    let patterns: [[UInt8]]
    /// The first column of each name, without its brackets; nil for a few columns,
    /// looked through in order instead.
    private let columns: [ArraySlice<UInt8>: Int]?
    /// Whether every name is free of `<` and `>`, so that a placeholder is a `<`, a run
    /// without brackets and a `>`.
    let plainNames: Bool

    init(_ names: [TableCell]) {
        patterns = names.map { Array("<\($0.value)>".utf8) }
        if patterns.count > 8 {
            var columns: [ArraySlice<UInt8>: Int] = [:]
            for (column, pattern) in patterns.enumerated() where columns[pattern.dropFirst().dropLast()] == nil {
                columns[pattern.dropFirst().dropLast()] = column
            }
            self.columns = columns
        } else {
            columns = nil
        }
        plainNames = !patterns.contains { $0.dropFirst().dropLast().contains(where: Self.isBracket) }
    }

    /// The first column named `name` (a placeholder without its brackets).
    func column(named name: ArraySlice<UInt8>) -> Int? {
        if let columns { return columns[name] }
        return patterns.firstIndex { $0.count == name.count + 2 && $0.dropFirst().dropLast().elementsEqual(name) }
    }

    /// No placeholders at all: a scenario that is not an outline.
    static let none = Placeholders([])

    static let open = UInt8(ascii: "<")
    static let close = UInt8(ascii: ">")

    static func isBracket(_ byte: UInt8) -> Bool { byte == open || byte == close }
}
