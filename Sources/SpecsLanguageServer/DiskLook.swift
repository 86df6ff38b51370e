import Foundation
import Locking

/// The project's feature files looked up on disk on a thread of their own: walking thousands
/// of files takes longer than a keystroke, and no answer waits for it.
final class DiskLook: Sendable {
    private struct State {
        /// Whether a look is under way.
        var looking = false
        /// The files found, with when each changed, once the look is done.
        var result: [URL: Date]?
    }
    private let state = Locked(State())

    /// Whether a look is under way.
    var looking: Bool { state.withLock { $0.looking } }

    /// Starts a look at the feature files under `folder`, unless one is under way.
    func start(folder: String) {
        let started = state.withLock { state in
            guard !state.looking else { return false }
            state.looking = true
            return true
        }
        guard started else { return }
        DispatchQueue.global(qos: .utility).async { [state] in
            let stamps = WorkspaceFiles.stamps(under: folder)
            state.withLock { $0.result = stamps }
        }
    }

    /// The files found, with when each changed, once the look is done.
    func finished() -> [URL: Date]? {
        state.withLock { state in
            guard state.looking, let found = state.result else { return nil }
            state.result = nil
            state.looking = false
            return found
        }
    }
}
