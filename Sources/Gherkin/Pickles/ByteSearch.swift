import Foundation

/// Runs of bytes found and replaced in bytes with the C library's `memchr` and `memcmp`: an
/// outline's texts are searched once for each column's placeholder, and a text of 100 KB
/// under 200 columns is searched 200 times a row.
package enum ByteSearch {
    /// The offset of the first `needle` in `haystack` at or after `start`; nil when there is none.
    package static func first(_ needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard start >= 0, needle.count <= haystack.count - start else { return nil }
        guard !needle.isEmpty else { return start }
        // `memchr` to each place of the needle's first byte (a placeholder's `<`), `memcmp` there.
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin -> Int? in
                guard let base = hay.baseAddress, let pinBase = pin.baseAddress else { return nil }
                let last = hay.count - pin.count
                var offset = start
                while offset <= last {
                    guard let found = memchr(base + offset, Int32(needle[0]), last - offset + 1) else { return nil }
                    let at = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + at, pinBase, pin.count) == 0 { return at }
                    offset = at + 1
                }
                return nil
            }
        }
    }

    /// Whether `bytes` hold `byte`.
    package static func contains(_ byte: UInt8, in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            buffer.baseAddress.map { memchr($0, Int32(byte), buffer.count) != nil } ?? false
        }
    }

    /// `bytes` with every `needle` replaced by `value`, left to right; nil when it holds none.
    /// Once the result passes `limit` bytes it is returned as it stands (longer than `limit`).
    package static func replacing(
        _ needle: [UInt8], with value: [UInt8], in bytes: [UInt8], stoppingPast limit: Int = .max
    ) -> [UInt8]? {
        guard !needle.isEmpty, var found = first(needle, in: bytes) else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + max(0, value.count - needle.count))
        var index = 0
        while true {
            result.append(contentsOf: bytes[index..<found])
            result.append(contentsOf: value)
            index = found + needle.count
            if result.count > limit { return result }
            guard let next = first(needle, in: bytes, from: index) else { break }
            found = next
        }
        result.append(contentsOf: bytes[index...])
        return result
    }
}
