/// A piece of text as a byte range of a storage's `text`: what nodes keep instead of
/// strings, which are made only when a node's text is read.
struct TextRef: Hashable, Sendable {
    var start: Int
    /// The length in bytes, or -1 for no text at all (an absent media type).
    var count: Int

    init(start: Int, count: Int) {
        self.start = start
        self.count = count
    }

    init(_ range: Range<Int>) {
        start = range.lowerBound
        count = range.count
    }

    static let empty = TextRef(start: 0, count: 0)
    static let absent = TextRef(start: 0, count: -1)

    var isAbsent: Bool { count < 0 }
    var range: Range<Int> { start..<start + max(count, 0) }
}

/// A range of records of one kind, such as a scenario's steps.
struct Span: Hashable, Sendable {
    var start: Int32
    var end: Int32

    init(_ start: Int, _ end: Int) {
        self.start = Int32(truncatingIfNeeded: start)
        self.end = Int32(truncatingIfNeeded: end)
    }

    static let empty = Span(0, 0)

    var range: Range<Int> { Int(start)..<Int(end) }
    var isEmpty: Bool { start == end }
    var count: Int { Int(end - start) }
}

/// A 1-based line and column (0 for no column), kept small in records.
struct Position: Hashable, Sendable {
    var line: Int32
    var column: Int32

    init(line: Int, column: Int?) {
        self.line = Int32(truncatingIfNeeded: line)
        self.column = Int32(truncatingIfNeeded: column ?? 0)
    }

    init(_ location: Location) { self.init(line: location.line, column: location.column) }

    var location: Location { Location(line: Int(line), column: column == 0 ? nil : Int(column)) }
}

/// Text made of UTF-8 bytes and ids, shared by a storage's records.
struct TextTable: Sendable {
    var text: [UInt8] = []
    var ids = IdList()

    func string(_ ref: TextRef) -> String {
        text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[ref.range]), as: UTF8.self) }
    }

    func optionalString(_ ref: TextRef) -> String? { ref.isAbsent ? nil : string(ref) }

    /// Adds `string` at the end of the text.
    mutating func append(_ string: String) -> TextRef {
        let start = text.count
        text.append(contentsOf: string.utf8)
        return TextRef(start: start, count: text.count - start)
    }

    mutating func append(_ string: String?) -> TextRef { string.map { append($0) } ?? .absent }

    mutating func id(_ id: String) -> Int32 {
        ids.append(id)
        return Int32(truncatingIfNeeded: ids.count - 1)
    }
}
