import Foundation

/// What one step wrote to standard output, kept within a bound: its first `headLimit`
/// bytes and its last `tailLimit`, and how many bytes between them were left out. Memory
/// stays bounded and the cost linear, however much a step prints.
struct StepOutput: Sendable {
    static let headLimit = 512 * 1024
    static let tailLimit = 512 * 1024

    private(set) var head: [UInt8] = []
    /// The latest bytes past the head; trimmed to `tailLimit` when it grows to twice that.
    private(set) var tail: [UInt8] = []
    /// How many bytes the step wrote in all.
    private(set) var total = 0

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        total += bytes.count
        var rest = bytes[...]
        if head.count < Self.headLimit {
            let taken = min(Self.headLimit - head.count, rest.count)
            head.append(contentsOf: rest.prefix(taken))
            rest = rest.dropFirst(taken)
        }
        guard !rest.isEmpty else { return }
        if rest.count >= Self.tailLimit {
            tail = Array(rest.suffix(Self.tailLimit))
            return
        }
        tail.append(contentsOf: rest)
        if tail.count >= 2 * Self.tailLimit { tail.removeFirst(tail.count - Self.tailLimit) }
    }

    /// The output as text; when bytes were left out, a line in their place says how many.
    var text: String {
        let kept = tail.suffix(Self.tailLimit)
        let omitted = total - head.count - kept.count
        guard omitted > 0 else { return String(decoding: head + kept, as: UTF8.self) }
        return String(decoding: head, as: UTF8.self)
            + "\n[specs: \(omitted) bytes of this step's output left out; it wrote \(total) bytes, of which the first "
            + "\(head.count) and the last \(kept.count) are kept]\n"
            + String(decoding: kept, as: UTF8.self)
    }
}

/// Cuts the bytes read from the captured standard output into each step's output, at
/// the markers written after each step. Each byte is looked at once: a marker split
/// between two reads is found by carrying the few bytes that could begin one.
struct StepOutputSplitter {
    let marker: [UInt8]
    private(set) var current = StepOutput()
    /// Bytes at the end of the last read that could be the start of a marker.
    private var carry: [UInt8] = []

    init(marker: [UInt8]) {
        self.marker = marker
    }

    /// Takes a read; each step output that a marker in it ends is handed to `ended`.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ ended: (StepOutput) -> Void) {
        if carry.isEmpty {
            scan(bytes, ended)
        } else {
            let joined = carry + Array(bytes)
            carry = []
            joined.withUnsafeBytes { scan($0, ended) }
        }
    }

    /// Whether nothing is held of an output not yet ended.
    var isEmpty: Bool { current.total == 0 && carry.isEmpty }

    private mutating func scan(_ bytes: UnsafeRawBufferPointer, _ ended: (StepOutput) -> Void) {
        var start = 0
        var searchFrom = 0
        let first = marker[0]
        while searchFrom < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[searchFrom...])
            guard let offset = rest.firstOffset(of: first) else { break }
            let at = searchFrom + offset
            let available = min(marker.count, bytes.count - at)
            let matches = marker.withUnsafeBytes { marker in
                memcmp(bytes.baseAddress! + at, marker.baseAddress!, available) == 0
            }
            if matches && available == marker.count {
                current.append(UnsafeRawBufferPointer(rebasing: bytes[start..<at]))
                ended(current)
                current = StepOutput()
                start = at + marker.count
                searchFrom = start
            } else if matches {
                // The read ends inside what may be a marker: keep it for the next read.
                current.append(UnsafeRawBufferPointer(rebasing: bytes[start..<at]))
                carry = Array(UnsafeRawBufferPointer(rebasing: bytes[at...]))
                return
            } else {
                searchFrom = at + 1
            }
        }
        current.append(UnsafeRawBufferPointer(rebasing: bytes[start...]))
    }
}
