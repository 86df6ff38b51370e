/// Byte-level helpers for line rules: ASCII fast paths, with multi-byte whitespace
/// decoded only where it can occur.
enum UTF8Bytes {
    @inline(__always) static func isScalarStart(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }

    /// The scalar starting at `index` and its length in bytes.
    static func scalar(at index: Int, in bytes: [UInt8]) -> (Unicode.Scalar, Int) {
        let first = bytes[index]
        if first < 0x80 { return (Unicode.Scalar(first), 1) }
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count else { return ("\u{FFFD}", 1) }
        var value = UInt32(first) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | (UInt32(bytes[index + offset]) & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The start of the scalar that ends just before `index`.
    static func scalarStart(before index: Int, in bytes: [UInt8]) -> Int {
        var start = index - 1
        while start > 0 && !isScalarStart(bytes[start]) { start -= 1 }
        return start
    }

    /// The range of `bytes[range]` without leading and trailing whitespace (a line feed
    /// is kept when `keepLineFeeds`), and how many scalars were dropped at the front.
    static func trim(_ bytes: [UInt8], _ range: Range<Int>, keepLineFeeds: Bool = false) -> (Range<Int>, leading: Int) {
        var start = range.lowerBound
        var leading = 0
        while start < range.upperBound {
            let (scalar, length) = scalar(at: start, in: bytes)
            guard scalar.isGherkinWhitespace, !(keepLineFeeds && scalar == "\n") else { break }
            start += length
            leading += 1
        }
        var end = range.upperBound
        while end > start {
            let previous = scalarStart(before: end, in: bytes)
            let (scalar, _) = scalar(at: previous, in: bytes)
            guard scalar.isGherkinWhitespace, !(keepLineFeeds && scalar == "\n") else { break }
            end = previous
        }
        return (start..<end, leading)
    }

    /// How many scalars `bytes[range]` holds.
    static func scalarCount(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        var count = 0
        for index in range where isScalarStart(bytes[index]) { count += 1 }
        return count
    }

    static func string(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
