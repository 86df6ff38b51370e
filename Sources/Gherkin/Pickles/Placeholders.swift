/// The placeholders an examples table's header names, read once for all its rows.
struct Placeholders: Sendable {
    /// The placeholders (`<name>`, as UTF-8), in column order.
    let patterns: [[UInt8]]
    /// The first column of each name, without its brackets.
    let columns: [ArraySlice<UInt8>: Int]
    /// Whether every name is free of `<` and `>`, so that a placeholder is a `<`, a run
    /// without brackets and a `>`.
    let plainNames: Bool

    init(_ names: [TableCell]) {
        patterns = names.map { Array("<\($0.value)>".utf8) }
        var columns: [ArraySlice<UInt8>: Int] = [:]
        for (column, pattern) in patterns.enumerated() where columns[pattern.dropFirst().dropLast()] == nil {
            columns[pattern.dropFirst().dropLast()] = column
        }
        self.columns = columns
        plainNames = !patterns.contains { $0.dropFirst().dropLast().contains(where: Self.isBracket) }
    }

    /// No placeholders at all: a scenario that is not an outline.
    static let none = Placeholders([])

    static let open = UInt8(ascii: "<")
    static let close = UInt8(ascii: ">")

    static func isBracket(_ byte: UInt8) -> Bool { byte == open || byte == close }
}
