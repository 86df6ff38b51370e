import Foundation

/// Finds the headers of Language Server Protocol frames in bytes read, each byte looked at
/// once: `memchr` skips to the next carriage return, and only where a header ends (`\r\n\r\n`,
/// which JSON holds nowhere but between tokens) are the few bytes before it read for its
/// `Content-Length` field. A body of many megabytes is searched at the speed of memory.
struct FrameSearch {
    /// How many bytes the searches have covered, counted for the tests that hold it linear.
    private(set) var scanned = 0
    /// The most bytes a header's fields take before its end: farther back is no header.
    static let longestHeader = 256
    private static let lengthField = Array("content-length:".utf8)

    /// Where the next `\r\n\r\n` starts among `bytes[from..<to]`.
    mutating func headerEnd(in bytes: [UInt8], from: Int, to: Int) -> Int? {
        let to = min(to, bytes.count)
        guard from >= 0, to - from >= 4 else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var index = from
            while index + 4 <= to {
                guard let found = memchr(base + index, 13, to - 3 - index) else {
                    scanned += to - index
                    return nil
                }
                let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                scanned += at + 1 - index
                if base[at + 1] == 10 && base[at + 2] == 13 && base[at + 3] == 10 { return at }
                index = at + 1
            }
            return nil
        }
    }

    /// The next header whose end lies among `bytes[from..<to]` and whose `Content-Length`
    /// field starts at `fieldFrom` or later: where that field starts and where its end
    /// starts. An end without such a field is passed over (a field before `fieldFrom` is
    /// another header's: the one of the body being searched, say).
    mutating func nextHeader(in bytes: [UInt8], from: Int, to: Int, fieldFrom: Int = 0) -> (field: Int, end: Int)? {
        var index = from
        while let end = headerEnd(in: bytes, from: index, to: to) {
            if let field = Self.lengthFieldStart(in: bytes, before: end, notBefore: fieldFrom) { return (field, end) }
            index = end + 1
        }
        return nil
    }

    /// Where the last `Content-Length:` field (in any case) starts in the header ending at
    /// `end`, looking back no farther than `longestHeader` bytes, nor before `notBefore`.
    static func lengthFieldStart(in bytes: [UInt8], before end: Int, notBefore: Int = 0) -> Int? {
        let earliest = max(0, notBefore, end - longestHeader)
        var start = end - lengthField.count
        while start >= earliest {
            var index = 0
            while index < lengthField.count {
                let byte = bytes[start + index]
                if (byte >= 65 && byte <= 90 ? byte + 32 : byte) != lengthField[index] { break }
                index += 1
            }
            if index == lengthField.count { return start }
            start -= 1
        }
        return nil
    }
}
