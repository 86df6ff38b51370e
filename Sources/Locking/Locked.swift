import Foundation

/// A value guarded by a lock: the one small wrapper that lets state be shared
/// between tasks where an actor's suspension points would cost too much.
package final class Locked<Value>: @unchecked Sendable {
    // Every access to `value` goes through `lock`, which is what makes it Sendable.
    // (`Synchronization.Mutex` would say so itself, but needs macOS 15; the package supports 13.)
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
