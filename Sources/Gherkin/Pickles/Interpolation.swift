/// Replaces `<name>` placeholders with an example row's values as the reference
/// compilers do: header column after header column, every occurrence of `<name>` in
/// the text as it stands, so a value may hold a placeholder that a later column fills.
///
/// One scan of the text gives that result whenever no value it puts in and no header
/// name holds a `<` or `>`, and no placeholder is formed across a value's edges: then
/// each `<name>` is looked up in the row once. Otherwise the columns are applied one after
/// another, as the references do. Either way a text stops growing at `limit(for:)`.
struct Interpolation: Sendable {
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

    /// The placeholders (`<name>`, as UTF-8), in column order.
    private let placeholders: [[UInt8]]
    /// The values, in column order (empty where the row is short).
    private let values: [[UInt8]]
    /// Whether each value holds a `<` or `>`.
    private let bracketed: [Bool]
    /// The first column of each name, without its brackets.
    private let columns: [ArraySlice<UInt8>: Int]
    /// Whether every name is free of `<` and `>`, so that a placeholder is a `<`, a run
    /// without brackets and a `>`.
    private let plainNames: Bool

    init(names: [TableCell], values: [TableCell]) {
        placeholders = names.map { Array("<\($0.value)>".utf8) }
        self.values = names.indices.map { $0 < values.count ? Array(values[$0].value.utf8) : [] }
        bracketed = self.values.map { $0.contains(where: Self.isBracket) }
        var columns: [ArraySlice<UInt8>: Int] = [:]
        for (column, placeholder) in placeholders.enumerated() where columns[placeholder.dropFirst().dropLast()] == nil
        {
            columns[placeholder.dropFirst().dropLast()] = column
        }
        self.columns = columns
        plainNames = !placeholders.contains { $0.dropFirst().dropLast().contains(where: Self.isBracket) }
    }

    private init() {
        placeholders = []
        values = []
        bracketed = []
        columns = [:]
        plainNames = true
    }

    /// No placeholders at all: a scenario that is not an outline.
    static let none = Interpolation()

    /// The longest `text` may grow to: `growthLimit` bytes more than written.
    static func limit(for text: String) -> Int { text.utf8.count + growthLimit }

    /// `text` with the row's values in its placeholders; the same string when it holds no
    /// `<`, and also when it would grow past the limit (the parser reports such a row).
    func apply(to text: String) -> String {
        guard case .expanded(let bytes) = expand(text) else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What the row's values make of `text`, stopping once it would pass `limit(for:)`.
    func expand(_ text: String) -> Outcome {
        guard !placeholders.isEmpty, text.utf8.contains(Self.open) else { return .unchanged }
        let bytes = Array(text.utf8)
        let limit = Self.limit(for: text)
        if plainNames, let outcome = scan(bytes, limit: limit) { return outcome }
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
                if next < text.count, text[next] == Self.close, let column = columns[text[index + 1..<next]] {
                    if bracketed[column] { return nil }
                    output.append(contentsOf: values[column])
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
                if let start = unclosed, filledSinceOpen, columns[output[(start + 1)...]] != nil { return nil }
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
        for (placeholder, value) in zip(placeholders, values) {
            switch Self.replacing(placeholder, with: value, in: bytes, limit: limit) {
            case .unchanged: continue
            case .tooLong: return .tooLong
            case .expanded(let replaced):
                bytes = replaced
                changed = true
                if !bytes.contains(Self.open) { return .expanded(bytes) }
            }
        }
        return changed ? .expanded(bytes) : .unchanged
    }

    /// `bytes` with every `placeholder` replaced by `value`, left to right.
    private static func replacing(
        _ placeholder: [UInt8], with value: [UInt8], in bytes: [UInt8], limit: Int
    ) -> Outcome {
        var result: [UInt8] = []
        var index = 0
        var replaced = false
        while index < bytes.count {
            if bytes[index] == open, bytes[index...].starts(with: placeholder) {
                if !replaced { result.reserveCapacity(bytes.count + value.count) }
                result.append(contentsOf: value)
                index += placeholder.count
                replaced = true
                if result.count > limit { return .tooLong }
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return replaced ? .expanded(result) : .unchanged
    }

    private static let open = UInt8(ascii: "<")
    private static let close = UInt8(ascii: ">")

    private static func isBracket(_ byte: UInt8) -> Bool { byte == open || byte == close }

    /// The index of the first `<` or `>` in `bytes` from `start`, or its end.
    private static func bracket(in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, !isBracket(bytes[index]) { index += 1 }
        return index
    }
}
