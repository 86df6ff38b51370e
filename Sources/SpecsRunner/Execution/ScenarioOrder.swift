import Gherkin
import Messages

/// A selectable pickle and the file (its index in the run's supply) it comes from.
struct Candidate: Sendable {
    let pickle: Pickle
    let file: Int
}

/// Orders and shards pickles, deterministically.
enum ScenarioOrder {
    static func apply(_ order: RunOptions.Order, to pickles: [Candidate]) -> [Candidate] {
        switch order {
        case .defined: return pickles
        case .reverse: return pickles.reversed()
        case .random(let seed):
            var generator = SplitMix64(seed: seed)
            var shuffled = pickles
            // Fisher-Yates with our own generator, so a seed gives the same order everywhere.
            if shuffled.count > 1 {
                for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
                    let other = Int(generator.next() % UInt64(index + 1))
                    shuffled.swapAt(index, other)
                }
            }
            return shuffled
        }
    }

    /// Whether this order and sharding need every file's pickles before any runs: a reverse,
    /// a shuffle and a share of a stable order do; the defined order goes file by file.
    static func needsWholeRun(_ order: RunOptions.Order, sharded: Bool) -> Bool {
        sharded || order != .defined
    }

    /// Shard `index` of `count` (1-based): every pickle is in exactly one shard, and every
    /// machine computes the same shares from the same inputs. With the `durations` of an
    /// earlier run (by `path:line`), the shards' expected times are evened out (longest
    /// first, each to the shard with the least time so far); a scenario new since then is
    /// expected to take the median of the others. Without them, the shards' sizes differ
    /// by at most one.
    static func shard(_ pickles: [Candidate], index: Int, count: Int, durations: [String: Int] = [:]) -> [Candidate] {
        guard !durations.isEmpty else { return shardByCount(pickles, index: index, count: count) }
        // Every scenario weighs at least 1: durations that are all 0 (or negative) still
        // spread the scenarios over the shards instead of putting them all in the first.
        let known = pickles.compactMap { durations[Self.key($0.pickle)].map { max(1, $0) } }.sorted()
        let estimate = known.isEmpty ? 1 : known[known.count / 2]
        let expected = pickles.map { durations[Self.key($0.pickle)].map { max(1, $0) } ?? estimate }
        // Longest first; ties in a stable order (uri, then line), so every shard agrees.
        let order = pickles.indices.sorted { a, b in
            if expected[a] != expected[b] { return expected[a] > expected[b] }
            return (pickles[a].pickle.uri, pickles[a].pickle.location.line, a) < (
                pickles[b].pickle.uri, pickles[b].pickle.location.line, b
            )
        }
        var load = Array(repeating: 0, count: count)
        var mine: Set<Int> = []
        for position in order {
            let lightest = load.indices.min { (load[$0], $0) < (load[$1], $1) } ?? 0
            load[lightest] = load[lightest].saturatingAdd(expected[position])
            if lightest == index - 1 { mine.insert(position) }
        }
        return pickles.indices.filter { mine.contains($0) }.map { pickles[$0] }
    }

    /// How a scenario is known across runs when shards are balanced by time.
    static func key(_ pickle: Pickle) -> String { "\(pickle.uri):\(pickle.location.line)" }

    private static func shardByCount(_ pickles: [Candidate], index: Int, count: Int) -> [Candidate] {
        let stable = pickles.enumerated().sorted {
            ($0.element.pickle.uri, $0.element.pickle.location.line, $0.offset)
                < ($1.element.pickle.uri, $1.element.pickle.location.line, $1.offset)
        }
        let mine = Set(stable.enumerated().filter { $0.offset % count == index - 1 }.map(\.element.offset))
        return pickles.enumerated().filter { mine.contains($0.offset) }.map(\.element)
    }
}

/// A small, fast, portable pseudo-random generator.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
