import Foundation

/// Writes all of `bytes` to a file descriptor, again after an interruption; false when
/// the descriptor refuses them (its reader went away, the disk is full).
@discardableResult
package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += written
    }
    return true
}

/// A copy of `descriptor` for the runner alone: closed on `exec`, so that a process a step
/// starts (and may leave running) holds none of the runner's pipes open, and numbered from 200
/// up (from 3 under a lower limit of open files), out of the way of a step that writes to the
/// low descriptors it thinks are its own. -1 when no copy can be made.
func privateCopy(of descriptor: Int32) -> Int32 {
    let high = fcntl(descriptor, F_DUPFD_CLOEXEC, 200)
    return high >= 0 ? high : fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
}

/// Reads a descriptor a chunk at a time, again after an interruption: the one read loop
/// of the package's descriptors (worker streams, captured step output, requests, the
/// language server's messages).
package struct ChunkReader {
    package let descriptor: Int32
    private var buffer: [UInt8]
    private(set) var ended = false
    /// The error (`errno`) of the read that ended the input, when one did rather than its end.
    private(set) var failure: Int32?

    package init(_ descriptor: Int32, size: Int = 65_536) {
        self.descriptor = descriptor
        buffer = [UInt8](repeating: 0, count: size)
    }

    /// Hands the next chunk read to `chunk`; false (and nothing handed) at the end of the
    /// input or on an error.
    package mutating func next(_ chunk: (UnsafeRawBufferPointer) -> Void) -> Bool {
        guard !ended else { return false }
        let descriptor = descriptor
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                if count < 0 { failure = errno }
                ended = true
                return false
            }
            buffer.withUnsafeBytes { chunk(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            return true
        }
    }
}

/// Splits bytes that arrive in chunks into lines (without their line feed). Each byte is
/// looked at once, so a line of any length costs what it holds. A line longer than
/// `maximumLine` is cut there, the rest of it dropped, so that memory stays bounded.
package struct LineSplitter {
    private var pending: [UInt8] = []
    /// How many bytes of the line under way were left out past `maximumLine`.
    private var dropped = 0
    let maximumLine: Int

    package init(maximumLine: Int = .max) {
        self.maximumLine = maximumLine
    }

    /// Hands every line that `bytes` completes to `line`.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer, _ line: ([UInt8]) -> Void) {
        feedLines(bytes) { text, _ in line(text) }
    }

    /// Hands every line that `bytes` completes to `line`, with how many of its bytes were
    /// left out past `maximumLine` (0 for a whole line).
    package mutating func feedLines(_ bytes: UnsafeRawBufferPointer, _ line: ([UInt8], _ dropped: Int) -> Void) {
        var start = 0
        while start < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
            guard let newline = rest.firstOffset(of: 0x0A) else {
                keep(rest)
                return
            }
            keep(UnsafeRawBufferPointer(rebasing: rest[..<newline]))
            line(pending, dropped)
            pending.removeAll(keepingCapacity: pending.count <= 65_536)
            dropped = 0
            start += newline + 1
        }
    }

    /// The last line, when the bytes ended without a line feed.
    package mutating func finish(_ line: ([UInt8]) -> Void) {
        finishLines { text, _ in line(text) }
    }

    /// The line under way, when the bytes ended (or paused) without a line feed, with how many
    /// of its bytes were left out; what comes after starts a line of its own.
    package mutating func finishLines(_ line: ([UInt8], _ dropped: Int) -> Void) {
        if !pending.isEmpty { line(pending, dropped) }
        pending = []
        dropped = 0
    }

    private mutating func keep(_ bytes: UnsafeRawBufferPointer) {
        guard dropped == 0 else {
            dropped += bytes.count
            return
        }
        let room = maximumLine - pending.count
        if bytes.count > room {
            pending.append(contentsOf: bytes[..<room])
            dropped = bytes.count - room
        } else {
            pending.append(contentsOf: bytes)
        }
    }
}

extension UnsafeRawBufferPointer {
    /// Where `byte` first stands, found with `memchr`.
    package func firstOffset(of byte: UInt8) -> Int? {
        guard let base = baseAddress, count > 0, let found = memchr(base, Int32(byte), count) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }
}
