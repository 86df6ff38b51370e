/// The UTF-8 bytes of the source being parsed. Line rules work on byte offsets into
/// it; strings are made only for what the AST keeps.
struct SourceBytes {
    let base: [UInt8]

    var count: Int { base.count }

    subscript(index: Int) -> UInt8 { base[index] }

    /// The index of the first `byte` from `start` on; `end` when there is none before it.
    func index(of byte: UInt8, from start: Int, before end: Int) -> Int {
        var index = start
        while index < end, base[index] != byte { index += 1 }
        return index
    }

    @inline(__always) static func isScalarStart(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }

    /// The scalar starting at `index` (a malformed one reads as U+FFFD) and its length.
    func scalar(at index: Int, limit: Int) -> (Unicode.Scalar, Int) {
        let first = base[index]
        if first < 0x80 { return (Unicode.Scalar(first), 1) }
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
        guard index + length <= limit else { return ("\u{FFFD}", 1) }
        var value = UInt32(first) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | (UInt32(base[index + offset]) & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The length in bytes of the whitespace scalar at `index`, or 0 when it is not whitespace.
    func whitespaceLength(at index: Int, limit: Int) -> Int {
        let byte = base[index]
        if byte < 0x80 { return Self.isASCIIWhitespace(byte) ? 1 : 0 }
        let (scalar, length) = scalar(at: index, limit: limit)
        return scalar.isGherkinWhitespace ? length : 0
    }

    @inline(__always) static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte &- 0x09) <= 0x04
    }

    /// The start of the scalar that ends just before `index`, not before `lower`.
    func scalarStart(before index: Int, from lower: Int) -> Int {
        var start = index - 1
        while start > lower && !Self.isScalarStart(base[start]) { start -= 1 }
        return start
    }

    /// `range` without leading and trailing whitespace, and how many scalars it dropped in front.
    func trim(_ range: Range<Int>) -> (Range<Int>, leading: Int) {
        var start = range.lowerBound
        var leading = 0
        while start < range.upperBound {
            let length = whitespaceLength(at: start, limit: range.upperBound)
            guard length > 0 else { break }
            start += length
            leading += 1
        }
        return (start..<trimTrailing(start..<range.upperBound), leading)
    }

    /// The end of `range` once trailing whitespace is dropped.
    func trimTrailing(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound {
            let byte = base[end - 1]
            if byte < 0x80 {
                guard Self.isASCIIWhitespace(byte) else { break }
                end -= 1
            } else {
                let previous = scalarStart(before: end, from: range.lowerBound)
                guard scalar(at: previous, limit: end).0.isGherkinWhitespace else { break }
                end = previous
            }
        }
        return end
    }

    /// The end of `range` once trailing carriage returns and line feeds are dropped.
    func trimLineEnd(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound, base[end - 1] == 0x0D || base[end - 1] == 0x0A { end -= 1 }
        return end
    }

    /// How many scalars `range` holds.
    func scalarCount(_ range: Range<Int>) -> Int {
        var count = 0
        for index in range where Self.isScalarStart(base[index]) { count += 1 }
        return count
    }

    /// Whether the bytes at `index` (before `end`) start with `prefix[range]`.
    func hasPrefix(_ prefix: [UInt8], _ range: Range<Int>, at index: Int, end: Int) -> Bool {
        guard end - index >= range.count else { return false }
        var offset = 0
        while offset < range.count {
            if base[index + offset] != prefix[range.lowerBound + offset] { return false }
            offset += 1
        }
        return true
    }

    /// The index of the first line feed at or after `start`, or `count` when there is none.
    func lineFeed(from start: Int) -> Int { index(of: 0x0A, from: start, before: count) }

    /// Whether `range` holds `byte`.
    func contains(_ byte: UInt8, in range: Range<Int>) -> Bool {
        index(of: byte, from: range.lowerBound, before: range.upperBound) < range.upperBound
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: base[range], as: UTF8.self)
    }
}
