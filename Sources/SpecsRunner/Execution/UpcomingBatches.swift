import Locking

/// A run's batches, made ahead of their turn: a task of their own makes them one after another
/// (`RunBatchMaker`) while the run takes them in order, at most `ahead` of them waiting. A
/// dispatch whose test cases run elsewhere takes the waiting batches' plans (`plansAhead`), so
/// that its workers always have the next test cases to run, whatever the batches' boundaries;
/// a run holds no more than `ahead + 2` batches' files (those waiting, the one running, the
/// one being made), and of large files no more than `aheadBytes` of them wait.
final class UpcomingBatches: Sendable {
    /// How many batches a run makes ahead of the one running: enough that a worker never
    /// waits for the next test cases while the supervisor makes them (a batch is about a
    /// millisecond of a fast suite's test cases), few enough that a run holds a few batches' files.
    static let runAhead = 4
    /// How much feature text the waiting batches hold at most (one batch waits, whatever its size).
    static let aheadBytes = 4 << 20

    private struct State {
        var made: [RunBatch] = []
        /// The feature text the batches in `made` hold.
        var madeBytes = 0
        /// How many of the batches at the front of `made` had their plans taken ahead.
        var plansTaken = 0
        var finished = false
        var taker: CheckedContinuation<RunBatch?, Never>?
        var maker: CheckedContinuation<Void, Never>?
    }

    /// How many made batches may wait for their turn.
    let ahead: Int
    private let state = Locked(State())

    init(ahead: Int) {
        self.ahead = max(1, ahead)
    }

    /// Makes `maker`'s batches, each put in turn, then says there are no more. Returns once
    /// the last one is put.
    static func make<Features: FeatureSupply>(_ maker: RunBatchMaker<Features>, into batches: UpcomingBatches) async {
        var maker = maker
        while !maker.isDone { await batches.put(maker.next()) }
        batches.finish()
    }

    /// Adds a made batch, waiting while `ahead` batches (or `aheadBytes` of feature text) wait
    /// for their turn.
    func put(_ batch: RunBatch) async {
        await withCheckedContinuation { (room: CheckedContinuation<Void, Never>) in
            let taker: CheckedContinuation<RunBatch?, Never>? = state.withLock { state in
                if let taker = state.taker {
                    state.taker = nil
                    return taker
                }
                state.made.append(batch)
                state.madeBytes += batch.bytes
                if state.made.count >= ahead || state.madeBytes >= Self.aheadBytes {
                    state.maker = room
                } else {
                    room.resume()
                }
                return nil
            }
            if let taker {
                taker.resume(returning: batch)
                room.resume()
            }
        }
    }

    /// There are no more batches.
    func finish() {
        let taker = state.withLock { state in
            state.finished = true
            defer { state.taker = nil }
            return state.taker
        }
        taker?.resume(returning: nil)
    }

    /// The next batch in turn, waiting until it is made; nil after the last.
    func take() async -> RunBatch? {
        await withCheckedContinuation { (turn: CheckedContinuation<RunBatch?, Never>) in
            let (batch, maker): (RunBatch??, CheckedContinuation<Void, Never>?) = state.withLock { state in
                guard !state.made.isEmpty else {
                    if state.finished { return (.some(nil), nil) }
                    state.taker = turn
                    return (nil, nil)
                }
                let batch = state.made.removeFirst()
                state.madeBytes -= batch.bytes
                state.plansTaken = max(0, state.plansTaken - 1)
                defer { state.maker = nil }
                return (.some(batch), state.maker)
            }
            maker?.resume()
            if let batch { turn.resume(returning: batch) }
        }
    }

    /// The plans of the waiting batches not taken ahead before, in plan order, without waiting.
    func plansAhead() -> [TestCasePlan] {
        state.withLock { state in
            defer { state.plansTaken = state.made.count }
            return state.made[state.plansTaken...].flatMap(\.plans)
        }
    }
}
