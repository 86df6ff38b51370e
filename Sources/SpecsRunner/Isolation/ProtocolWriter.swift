import Foundation
import Locking
import Messages

/// A worker's side of the protocol: lines to the supervisor, written to a descriptor of
/// their own (standard output as it was before steps could print into it).
final class ProtocolWriter: Sendable {
    private let descriptor: Int32
    private let buffer = Locked<[UInt8]>([])

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// An envelope sent whole, as a JSON line (a worker hook's). The stream is flushed when a
    /// hook starts, so that the supervisor knows which hook runs if the process dies in it.
    func emit(_ envelope: Envelope) {
        buffer.withLock { NDJSON.append(envelope, to: &$0) }
        if case .testRunHookStarted = envelope { flush() }
    }

    /// An event of the test case `plan` as its result line (`ResultLine`), or whole when no
    /// result line carries it. The stream is flushed when a step starts, so that the
    /// supervisor knows what runs if the process dies; the done line that follows a test
    /// case's end flushes it.
    func emit(_ envelope: Envelope, of plan: TestCasePlan) {
        buffer.withLock { bytes in
            if !ResultLine.append(envelope, of: plan, to: &bytes) { NDJSON.append(envelope, to: &bytes) }
        }
        if case .testStepStarted = envelope { flush() }
    }

    func line(_ text: String) {
        buffer.withLock { $0.append(contentsOf: (text + "\n").utf8) }
        flush()
    }

    /// Writes what is buffered; a worker whose protocol cannot be written (a step closed its
    /// descriptor) ends at once (`WorkerProtocol.protocolLost`).
    func flush() {
        buffer.withLock { bytes in
            guard bytes.withUnsafeBytes({ writeAll(descriptor, $0) }) else {
                WorkerProtocol.protocolLost("its results could not be written")
            }
            bytes.removeAll(keepingCapacity: true)
        }
    }
}

/// An event consumer that sends what it gets down the protocol.
final class ProtocolConsumer: EventConsumer {
    let writer: ProtocolWriter
    init(_ writer: ProtocolWriter) { self.writer = writer }
    func consume(_ envelope: Envelope) { writer.emit(envelope) }
}
