/// Replaces `<name>` placeholders with an example row's values as the reference
/// compilers do: header column after header column, every occurrence of `<name>` in
/// the text as it stands, so a value may hold a placeholder that a later column fills.
///
/// One scan of the text gives that result whenever no value it puts in and no header
/// name holds a `<` or `>`, and no placeholder is formed across a value's edges: then
/// each `<name>` is looked up in the row once. Otherwise the columns are applied one after
/// another, as the references do. Either way a text stops growing at `limit(for:)`.
package struct Interpolation: Sendable {
    /// What a row's values make of one text.
    enum Outcome: Equatable {
        /// The text holds no placeholder of the row.
        case unchanged
        /// The text with the row's values in its placeholders.
        case expanded([UInt8])
        /// The text would grow past `limit(for:)`.
        case tooLong
    }

    /// How much longer than written a row's values may make one text, in UTF-8 bytes.
    static let growthLimit = 1 << 20

    /// The header's placeholders.
    private let placeholders: Placeholders
    /// The row's cells, in column order.
    private let values: [TableCell]

    init(_ placeholders: Placeholders, values: [TableCell]) {
        self.placeholders = placeholders
        self.values = values
    }

    /// The row `values` under the header `names`.
    package init(names: [TableCell], values: [TableCell]) {
        self.init(Placeholders(names), values: values)
    }

    /// No placeholders at all: a scenario that is not an outline.
    static let none = Interpolation(.none, values: [])

    /// The longest `text` may grow to: `growthLimit` bytes more than written.
    static func limit(for text: String) -> Int { text.utf8.count + growthLimit }

    /// `text` with the row's values in its placeholders; the same string when it holds no
    /// `<`, and also when it would grow past the limit (the parser reports such a row).
    package func apply(to text: String) -> String {
        guard case .expanded(let bytes) = expand(text) else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What the row's values make of `text`, stopping once it would pass `limit(for:)`.
    func expand(_ text: String) -> Outcome {
        guard !placeholders.patterns.isEmpty, text.utf8.contains(Self.open) else { return .unchanged }
        let bytes = Array(text.utf8)
        let limit = Self.limit(for: text)
        if placeholders.plainNames, let outcome = scan(bytes, limit: limit) { return outcome }
        return inColumnOrder(bytes, limit: limit)
    }

    /// One pass looking each `<name>` up in the row; nil when the column order could
    /// make a difference: a value holding a bracket, or a placeholder formed by a `<`
    /// before a value and a `>` after it.
    private func scan(_ text: [UInt8], limit: Int) -> Outcome? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var changed = false
        // The output's last `<` not closed yet, and whether a value was put in after it.
        var unclosed: Int?
        var filledSinceOpen = false
        var index = 0
        while index < text.count {
            switch text[index] {
            case Self.open:
                let next = Self.bracket(in: text, from: index + 1)
                if next < text.count, text[next] == Self.close,
                    let column = placeholders.column(named: text[index + 1..<next])
                {
                    let value = value(column)
                    if value.utf8.contains(where: Self.isBracket) { return nil }
                    output.append(contentsOf: value.utf8)
                    changed = true
                    filledSinceOpen = true
                    index = next + 1
                } else {
                    unclosed = output.count
                    filledSinceOpen = false
                    output.append(contentsOf: text[index..<next])
                    index = next
                }
            case Self.close:
                if let start = unclosed, filledSinceOpen, placeholders.column(named: output[(start + 1)...]) != nil {
                    return nil
                }
                unclosed = nil
                output.append(Self.close)
                index += 1
            default:
                let run = Self.bracket(in: text, from: index)
                output.append(contentsOf: text[index..<run])
                index = run
            }
            if output.count > limit { return .tooLong }
        }
        return changed ? .expanded(output) : .unchanged
    }

    /// The references' way: each column replaces its placeholder in the text as it stands.
    private func inColumnOrder(_ text: [UInt8], limit: Int) -> Outcome {
        var bytes = text
        var changed = false
        for (column, placeholder) in placeholders.patterns.enumerated() {
            switch Self.replacing(placeholder, with: Array(value(column).utf8), in: bytes, limit: limit) {
            case .unchanged: continue
            case .tooLong: return .tooLong
            case .expanded(let replaced):
                bytes = replaced
                changed = true
                if !ByteSearch.contains(Self.open, in: bytes) { return .expanded(bytes) }
            }
        }
        return changed ? .expanded(bytes) : .unchanged
    }

    /// `bytes` with every `placeholder` replaced by `value`, left to right.
    private static func replacing(
        _ placeholder: [UInt8], with value: [UInt8], in bytes: [UInt8], limit: Int
    ) -> Outcome {
        guard let replaced = ByteSearch.replacing(placeholder, with: value, in: bytes, stoppingPast: limit) else {
            return .unchanged
        }
        return replaced.count > limit ? .tooLong : .expanded(replaced)
    }

    private static let open = Placeholders.open
    private static let close = Placeholders.close

    private static func isBracket(_ byte: UInt8) -> Bool { Placeholders.isBracket(byte) }

    /// The value of `column`, empty where the row is short.
    private func value(_ column: Int) -> String { column < values.count ? values[column].value : "" }

    /// The index of the first `<` or `>` in `bytes` from `start`, or its end.
    private static func bracket(in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, !isBracket(bytes[index]) { index += 1 }
        return index
    }
}
