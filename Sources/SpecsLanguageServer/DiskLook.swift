import Foundation

/// The project's feature files looked up on disk on a thread of their own: walking thousands
/// of files takes longer than a keystroke, and no answer waits for it.
final class DiskLook: @unchecked Sendable {
    // `result` is shared with the looking thread, always under `lock`.
    private let lock = NSLock()
    private var result: [URL: Date]?
    /// Whether a look is under way (the serving thread's alone).
    private(set) var looking = false

    /// Starts a look at the feature files under `folder`, unless one is under way.
    func start(folder: String) {
        guard !looking else { return }
        looking = true
        DispatchQueue.global(qos: .utility).async { [self] in
            let stamps = WorkspaceFiles.stamps(under: folder)
            lock.withLock { result = stamps }
        }
    }

    /// The files found, with when each changed, once the look is done.
    func finished() -> [URL: Date]? {
        guard looking else { return nil }
        let found = lock.withLock {
            defer { result = nil }
            return result
        }
        if found != nil { looking = false }
        return found
    }
}
