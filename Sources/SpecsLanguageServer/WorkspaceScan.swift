import Foundation
import Locking

/// The project's feature files found, read and checked when the server starts, on a thread
/// of its own: thousands of files take seconds, and no answer waits for them. The serving
/// thread takes each file's check as it lands; a file it has read or forgotten itself since
/// the scan started (opened and closed, watched, deleted) keeps what it found.
final class WorkspaceScan: Sendable {
    /// A feature file as it was read.
    struct File {
        let url: URL
        let read: WorkspaceRead
    }

    /// Makes, on the thread that uses it, what reads and checks one file: made once a
    /// thread, so that what the runner says of a step text is asked once per thread.
    typealias Reader = @Sendable () -> (URL) -> WorkspaceRead

    private struct State {
        /// Counts the scans started: a scan a newer one replaced stops.
        var scan = 0
        /// Whether the files are still being found or read.
        var running = false
        /// The threads reading files: the scan's, and a second one once hurried.
        var readers = 1
        /// Whether a second thread reads beside the scan's.
        var hurried = false
        /// The files found, with when each changed, until taken.
        var stamps: [URL: Date]?
        /// Files found and not yet read, the next last.
        var unread: [URL] = []
        /// Files read and not yet taken.
        var read: [File] = []
        /// The URIs the serving thread has read or forgotten since the scan started.
        var settled: Set<String> = []
        /// Ends when the files have been found.
        var found = DispatchGroup()
        /// Ends when the scan's threads are done.
        var done = DispatchGroup()
        var reader: Reader?
    }
    private let state = Locked(State())
    private let queue = DispatchQueue(label: "specs.language-server.scan")
    private let second = DispatchQueue(label: "specs.language-server.scan.second")

    /// Whether the scan's threads are still finding or reading files: its end is when an answer
    /// that needs every file can be given without reading any here.
    var reading: Bool {
        state.withLock { $0.running }
    }

    /// Whether a scan is under way or has files not yet taken.
    var scanning: Bool {
        state.withLock { $0.running || $0.stamps != nil || !$0.read.isEmpty }
    }

    /// Finds the feature files under `folder` and reads each with what `reader` makes, in
    /// the order of their paths.
    func start(folder: String, reader: @escaping Reader) {
        let found = DispatchGroup()
        let done = DispatchGroup()
        found.enter()
        done.enter()
        let scan = state.withLock {
            $0.scan += 1
            $0 = State(scan: $0.scan, running: true, found: found, done: done, reader: reader)
            return $0.scan
        }
        queue.async { [self] in
            BackgroundChecks.yieldToAnswers()
            defer { done.leave() }
            let stamps = WorkspaceFiles.stamps(under: folder)
            let current = state.withLock {
                guard $0.scan == scan else { return false }
                $0.stamps = stamps
                let settled = $0.settled
                $0.unread = stamps.keys.filter { !settled.contains($0.absoluteString) }.sorted { $0.path > $1.path }
                return true
            }
            found.leave()
            guard current else { return }
            readUnread(scan: scan, with: reader)
        }
    }

    /// Reads the files found and not yet read on a second thread beside the scan's, once a
    /// scan: an answer waits for every file, and the thread that answers stays free.
    func hurry() {
        let hurried: (scan: Int, found: DispatchGroup, done: DispatchGroup, reader: Reader)? = state.withLock {
            guard $0.running, !$0.hurried, let reader = $0.reader else { return nil }
            $0.hurried = true
            $0.readers += 1
            $0.done.enter()
            return ($0.scan, $0.found, $0.done, reader)
        }
        guard let hurried else { return }
        second.async { [self] in
            BackgroundChecks.yieldToAnswers()
            defer { hurried.done.leave() }
            hurried.found.wait()
            readUnread(scan: hurried.scan, with: hurried.reader)
        }
    }

    /// Reads the files not yet read, the next in the order of their paths first, until none is
    /// left or a newer scan started: the last thread to stop ends the scan.
    private func readUnread(scan: Int, with reader: Reader) {
        let read = reader()
        while let url = state.withLock({ $0.scan == scan ? $0.unread.popLast() : nil }) {
            let file = File(url: url, read: read(url))
            state.withLock { if $0.scan == scan { $0.read.append(file) } }
        }
        state.withLock {
            guard $0.scan == scan else { return }
            $0.readers -= 1
            if $0.readers == 0 { $0.running = false }
        }
    }

    /// Says that the serving thread has read or forgotten the file at `uri` itself: the
    /// scan does not read it, and what it read of it before is dropped.
    func settle(_ uri: String) {
        state.withLock {
            guard $0.running || !$0.read.isEmpty else { return }
            $0.settled.insert(uri)
            $0.unread.removeAll { $0.absoluteString == uri }
        }
    }

    /// The files found, with when each changed, once found and the first time asked.
    func takeStamps() -> [URL: Date]? {
        state.withLock { state in
            defer { state.stamps = nil }
            return state.stamps
        }
    }

    /// The next file read that the serving thread has not read itself since.
    func next() -> File? {
        state.withLock {
            while !$0.read.isEmpty {
                let file = $0.read.removeFirst()
                if !$0.settled.contains(file.url.absoluteString) { return file }
            }
            return nil
        }
    }

    /// Ends the scan on the calling thread, for an answer that needs every file: the files
    /// not yet read are read here, beside the scan's thread, and the one it is reading waited for.
    func finish() {
        let (found, done, reader) = state.withLock { ($0.found, $0.done, $0.reader) }
        guard let reader else { return }
        found.wait()
        let read = reader()
        while let url = state.withLock({ $0.unread.popLast() }) {
            let file = File(url: url, read: read(url))
            state.withLock { $0.read.append(file) }
        }
        done.wait()
    }
}
