import Foundation
import Locking

/// Captures what steps write to standard output (`print`), so that a worker can attach
/// it to the step that wrote it. Standard output becomes a pipe drained by a thread;
/// after each step, a marker written through the same pipe tells where its output ends.
/// Reading is linear in what a step writes, and what is kept of it bounded (`StepOutput`).
final class OutputCapture: Sendable {
    private let writeEnd: Int32
    private let readEnd: Int32
    /// The output of the step under way, and the outputs of steps that ended, oldest first.
    private let captured: Locked<(splitter: StepOutputSplitter, ended: [StepOutput])>
    private let markerSeen = DispatchSemaphore(value: 0)
    /// Whether the reading thread stopped (a step closed the capture's read end): then no
    /// marker comes round, and steps' output is no longer captured.
    private let readerEnded = Locked(false)
    private let marker: [UInt8]

    /// Redirects standard output; nil when no pipe could be made.
    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0, dup2(ends[1], STDOUT_FILENO) >= 0 else { return nil }
        // The markers go down a write end of the capture's own, not standard output: a step
        // that points standard output elsewhere (`dup2` of /dev/null, to silence a library)
        // would send them there, and the reader would wait for them without end.
        let own = privateCopy(of: ends[1])
        close(ends[1])
        writeEnd = own >= 0 ? own : STDOUT_FILENO
        // A process a step starts writes to standard output, but holds no read end of it.
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        let readEnd = ends[0]
        self.readEnd = readEnd
        let marker = Array("\u{1}specs-step-output-end-\(UInt64.random(in: 0...UInt64.max))\u{1}".utf8)
        self.marker = marker
        let captured = Locked((splitter: StepOutputSplitter(marker: marker), ended: [StepOutput]()))
        self.captured = captured
        let readerEnded = self.readerEnded
        let thread = Thread { [markerSeen] in
            defer {
                readerEnded.withLock { $0 = true }
                markerSeen.signal()
            }
            // Bytes leave the pipe only while the state is held: `drain` finds a step's output in
            // the pipe or in the splitter, never read and not yet fed (then it was given to the
            // next step, under load: a worker hook's print shown in a scenario's hook).
            var reader = ChunkReader(readEnd)
            while true {
                var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
                if poll(&entry, 1, -1) < 0 {
                    // A read that may block is never made while the state is held: a poll that
                    // failed (a signal, memory short for a moment) is made again.
                    if errno != EINTR { usleep(1000) }
                    continue
                }
                var found = 0
                let more = captured.withLock { state in
                    reader.next { chunk in
                        state.splitter.feed(chunk) { output in
                            state.ended.append(output)
                            found += 1
                        }
                    }
                }
                for _ in 0..<found { markerSeen.signal() }
                if !more { break }
            }
        }
        thread.start()
    }

    /// What was written since the last call: flushes standard output, writes the marker
    /// and waits until the reader has passed it.
    func drain() -> String {
        fflush(nil)  // every C stream, standard output among them
        // Most steps print nothing: then there is nothing in the pipe or read from it, and
        // no marker needs to go round.
        let idle = captured.withLock { state in
            var waiting = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            return poll(&waiting, 1, 0) == 0 && state.splitter.isEmpty && state.ended.isEmpty
        }
        if idle { return "" }
        guard !readerEnded.withLock({ $0 }), marker.withUnsafeBytes({ writeAll(writeEnd, $0) }) else { return "" }
        markerSeen.wait()
        if readerEnded.withLock({ $0 }) { return "" }
        return captured.withLock { state in state.ended.isEmpty ? "" : state.ended.removeFirst().text }
    }
}
