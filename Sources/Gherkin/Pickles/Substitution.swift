/// Replaces `<name>` placeholders with an example row's values as the reference
/// compilers do: header column after header column, every occurrence of `<name>` in
/// the text as it stands, so a value may hold a placeholder that a later column fills.
///
/// Most texts take one pass: when no header name or value holds `<` or `>` and no `<`
/// of the text comes before the `>` of an earlier `<`, no replacement can make a new
/// placeholder, and replacing them all at once gives the same text.
struct Substitution {
    /// An examples header: the placeholder names of its columns, in order, as cells of
    /// the document's text, which the compiler borrows while it compiles (so nothing is
    /// copied). Made once per examples block.
    struct Placeholders {
        fileprivate let text: UnsafeBufferPointer<UInt8>
        fileprivate let names: UnsafeBufferPointer<CellRecord>
        /// Whether some name holds `<` or `>`, which only the column-by-column way gets right.
        fileprivate let bracketInName: Bool

        init(text: UnsafeBufferPointer<UInt8>, names: UnsafeBufferPointer<CellRecord>) {
            self.text = text
            self.names = names
            bracketInName = names.contains { Substitution.containsBracket(text, $0.value) }
        }

        fileprivate func name(_ column: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: text[names[column].value.range])
        }
    }

    private let placeholders: Placeholders?
    /// The row's cells, in the same borrowed text as the names.
    private let row: UnsafeBufferPointer<CellRecord>
    private let onePass: Bool

    init(_ placeholders: Placeholders, row: UnsafeBufferPointer<CellRecord>) {
        self.placeholders = placeholders
        self.row = row
        onePass = !placeholders.bracketInName && !row.contains { Self.containsBracket(placeholders.text, $0.value) }
    }

    private init() {
        placeholders = nil
        row = UnsafeBufferPointer(start: nil, count: 0)
        onePass = true
    }

    /// No placeholders at all: a scenario that is not an outline.
    static var none: Substitution { Substitution() }

    var isNone: Bool { placeholders == nil }

    fileprivate static func isBracket(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") }

    fileprivate static func containsBracket(_ text: UnsafeBufferPointer<UInt8>, _ ref: TextRef) -> Bool {
        text[ref.range].contains(where: isBracket)
    }

    /// The first `<` of `bytes`: where a placeholder could start. A text without one is
    /// left as it is by every row.
    static func firstOpening(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        index(of: UInt8(ascii: "<"), in: bytes, from: 0)
    }

    // MARK: One pass, by template

    /// How one text reads for every row of an examples block, found once for the block:
    /// what one pass copies and which column's value goes after each piece.
    enum Template {
        /// No placeholder names a column.
        case unchanged
        /// A `<` comes before an earlier `<`'s `>`: a replacement could make a
        /// placeholder, so rows take the column-by-column way.
        case ambiguous
        /// The text's pieces, a range of the pieces kept with it.
        case pieces(Range<Int>)
    }

    /// A piece of a text to copy, then the column whose value follows it (-1 after the last).
    struct Piece {
        @NarrowRange fileprivate var literal: Range<Int>
        @Narrow<Int32> fileprivate var column: Int
    }

    /// The text's template for this row's examples block (it depends on the names
    /// alone), its pieces added to `pieces`: one pass left to right over the text's
    /// placeholders, keeping those that name a column.
    func template(of bytes: UnsafeBufferPointer<UInt8>, into pieces: inout ScratchBuffer<Piece>) -> Template {
        guard let placeholders, !placeholders.names.isEmpty, var open = Self.firstOpening(in: bytes) else { return .unchanged }
        let mark = pieces.count
        var copied = 0
        while let close = Self.index(of: UInt8(ascii: ">"), in: bytes, from: open + 1) {
            let name = UnsafeBufferPointer(rebasing: bytes[open + 1..<close])
            if name.contains(UInt8(ascii: "<")) {
                pieces.removeAll(from: mark)
                return .ambiguous
            }
            if let column = column(named: name, placeholders) {
                pieces.append(Piece(literal: copied..<open, column: column))
                copied = close + 1
            }
            guard let next = Self.index(of: UInt8(ascii: "<"), in: bytes, from: close + 1) else { break }
            open = next
        }
        guard copied > 0 else { return .unchanged }
        pieces.append(Piece(literal: copied..<bytes.count, column: -1))
        return .pieces(mark..<pieces.count)
    }

    /// Appends the text (whose template for this row's block is `template`) with its
    /// placeholders replaced to `output`; false, having added nothing, when no
    /// placeholder of the text names a column. Rows of one block share the template,
    /// so the text is searched once per block, not once per row.
    func apply(
        _ bytes: UnsafeBufferPointer<UInt8>, _ template: Template, _ pieces: borrowing ScratchBuffer<Piece>,
        into output: inout ScratchBuffer<UInt8>
    ) -> Bool {
        guard let placeholders else { return false }
        guard onePass else {
            return Self.firstOpening(in: bytes) != nil && replacingColumnByColumn(bytes, placeholders, into: &output)
        }
        switch template {
        case .unchanged: return false
        case .ambiguous: return replacingColumnByColumn(bytes, placeholders, into: &output)
        case .pieces(let range):
            for piece in pieces.elements(range) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[piece.literal]))
                if piece.column >= 0 { output.append(contentsOf: value(piece.column, placeholders)) }
            }
            return true
        }
    }

    private func value(_ column: Int, _ placeholders: Placeholders) -> UnsafeBufferPointer<UInt8> {
        column < row.count
            ? UnsafeBufferPointer(rebasing: placeholders.text[row[column].value.range])
            : UnsafeBufferPointer(start: nil, count: 0)
    }

    /// The first column of that name: the one that fills it in one pass.
    private func column(named name: UnsafeBufferPointer<UInt8>, _ placeholders: Placeholders) -> Int? {
        for column in 0..<placeholders.names.count where placeholders.names[column].value.count == name.count {
            if placeholders.name(column).elementsEqual(name) { return column }
        }
        return nil
    }

    // MARK: Column by column

    /// The reference's way, for the rare text where replacing at once could differ.
    private func replacingColumnByColumn(
        _ bytes: UnsafeBufferPointer<UInt8>, _ placeholders: Placeholders, into output: inout ScratchBuffer<UInt8>
    ) -> Bool {
        var text = Array(bytes)
        var changed = false
        for column in 0..<placeholders.names.count {
            let placeholder = [UInt8(ascii: "<")] + placeholders.name(column) + [UInt8(ascii: ">")]
            let value = Array(value(column, placeholders))
            var result: [UInt8] = []
            var index = 0
            var replaced = false
            while index < text.count {
                if text[index] == UInt8(ascii: "<"), text[index...].starts(with: placeholder) {
                    result += value
                    index += placeholder.count
                    replaced = true
                } else {
                    result.append(text[index])
                    index += 1
                }
            }
            if replaced {
                text = result
                changed = true
            }
        }
        if changed { text.withUnsafeBufferPointer { output.append(contentsOf: $0) } }
        return changed
    }

    // MARK: Search

    /// The index of the first `byte` at or after `start` (by `memchr`), or nil.
    private static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let index = SourceBytes(base: bytes).index(of: byte, from: start)
        return index < bytes.count ? index : nil
    }
}
