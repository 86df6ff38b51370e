#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The UTF-8 bytes of the source being parsed, borrowed for the duration of one parse.
/// Line rules work on byte offsets into it; strings are made only for what the AST keeps.
struct SourceBytes {
    let base: UnsafeBufferPointer<UInt8>

    var count: Int { base.count }

    @inline(__always) subscript(index: Int) -> UInt8 { base[index] }

    /// The eight bytes from `index`, the first in the lowest bits. Every caller reads
    /// words in a loop that keeps them inside a range of the source (`index >= start`
    /// and `index + 8 <= end`), so the bounds are checked there (and here only in
    /// debug builds).
    @inline(__always) func word(at index: Int) -> UInt64 {
        assert(index >= 0 && index &+ 8 <= count, "word read past the source")
        return UInt64(littleEndian: UnsafeRawPointer(base.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self))
    }

    /// The index of the first `byte` from `start` on, eight bytes at a time; `end`
    /// when there is none before it. For short ranges, where `memchr` costs more than
    /// it saves.
    @inline(__always) func index(of byte: UInt8, from start: Int, before end: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let pattern = ones &* UInt64(byte)
        var index = start
        while index &+ 8 <= end {
            // A byte equal to `byte` is zero after the XOR; the lowest flagged byte is the first zero.
            let bits = word(at: index) ^ pattern
            let zeros = (bits &- ones) & ~bits & (ones &<< 7)
            if zeros != 0 { return index &+ zeros.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        while index < end, base[index] != byte { index &+= 1 }
        return min(index, end)
    }

    /// The first index from `start` past its spaces, skipped eight at a time before
    /// `end`: whole words only, so spaces in the last seven bytes are left for the
    /// caller to skip byte by byte, with any other whitespace.
    @inline(__always) func skippingSpaces(from start: Int, before end: Int) -> Int {
        var index = start
        while index &+ 8 <= end {
            let spaces = (word(at: index) ^ Self.spaces).trailingZeroBitCount &>> 3
            index &+= spaces
            if spaces < 8 { break }
        }
        return index
    }

    /// The index before `end`'s run of spaces, dropped eight at a time back to `start`:
    /// whole words only (as `skippingSpaces`). The last byte is a word's highest, so
    /// its spaces are the word's leading zero bytes once spaces are made zero.
    @inline(__always) func droppingSpaces(before end: Int, from start: Int) -> Int {
        var index = end
        while index &- 8 >= start {
            let spaces = (word(at: index &- 8) ^ Self.spaces).leadingZeroBitCount &>> 3
            index &-= spaces
            if spaces < 8 { break }
        }
        return index
    }

    /// A space in every byte of a word.
    private static let spaces: UInt64 = 0x2020_2020_2020_2020

    /// The high bit of every byte of a word: set in a byte that is not ASCII.
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of an all-ASCII `word` that equals `byte` (ASCII too),
    /// exactly: no byte's sum carries into the next, as none is above 0x7F.
    @inline(__always) static func asciiBytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let differences = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~((differences &+ 0x7F7F_7F7F_7F7F_7F7F) | differences) & highBits
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
    @inline(__always) func whitespaceLength(at index: Int, limit: Int) -> Int {
        let byte = base[index]
        if byte < 0x80 { return Self.isASCIIWhitespace(byte) ? 1 : 0 }
        return nonASCIIWhitespaceLength(at: index, limit: limit)
    }

    @inline(__always) static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte &- 0x09) <= 0x04
    }

    @inline(never) private func nonASCIIWhitespaceLength(at index: Int, limit: Int) -> Int {
        let (scalar, length) = scalar(at: index, limit: limit)
        return scalar.isGherkinWhitespace ? length : 0
    }

    /// The start of the scalar that ends just before `index`, not before `lower`.
    func scalarStart(before index: Int, from lower: Int) -> Int {
        var start = index - 1
        while start > lower && !Self.isScalarStart(base[start]) { start -= 1 }
        return start
    }

    /// `range` without leading and trailing whitespace, and how many scalars it dropped in front.
    @inline(__always) func trim(_ range: Range<Int>) -> (Range<Int>, leading: Int) {
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
    @inline(__always) func trimTrailing(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound {
            let byte = base[end - 1]
            guard byte < 0x80 else { return trimTrailingScalars(range.lowerBound..<end) }
            guard Self.isASCIIWhitespace(byte) else { break }
            end -= 1
        }
        return end
    }

    @inline(never) private func trimTrailingScalars(_ range: Range<Int>) -> Int {
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
    @inline(__always) func hasPrefix(_ prefix: [UInt8], _ range: Range<Int>, at index: Int, end: Int) -> Bool {
        guard end - index >= range.count else { return false }
        var offset = 0
        while offset < range.count {
            if base[index + offset] != prefix[range.lowerBound + offset] { return false }
            offset += 1
        }
        return true
    }

    /// Whether the source holds `bytes` at `index` (the caller checks they fit), by `memcmp`.
    @inline(__always) func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard let address = base.baseAddress, let other = bytes.baseAddress else { return bytes.isEmpty }
        return memcmp(address + index, other, bytes.count) == 0
    }

    /// The index of the first line feed at or after `start`, or `count` when there is none.
    func lineFeed(from start: Int) -> Int { index(of: 0x0A, from: start) }

    /// The index of the first `byte` at or after `start`, or `count` when there is none
    /// (the C library's `memchr`, which reads many bytes at a time).
    func index(of byte: UInt8, from start: Int) -> Int {
        guard start < count, let address = base.baseAddress else { return count }
        guard let found = memchr(address + start, Int32(byte), count - start) else { return count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(address)
    }

    /// Whether `range` holds `byte`, eight bytes at a time.
    func contains(_ byte: UInt8, in range: Range<Int>) -> Bool {
        index(of: byte, from: range.lowerBound, before: range.upperBound) < range.upperBound
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: base[range]), as: UTF8.self)
    }
}
