import Messages

/// Whether saved streams make one whole run of their suite, read from what each says of
/// itself (`StreamFacts`, `RunMetadata`): one suite, each shard once and planned from the
/// same input, every selected scenario in exactly one stream, every run ended, none a dry
/// run, stopped early or without its step definitions. Whatever keeps the streams from being
/// that is worded with its places; the scenarios no stream holds count as not run.
package struct ShardCheck: Sendable {
    /// What keeps the streams from being one whole run, worded.
    package private(set) var problems: [String] = []
    /// Streams that carry no metadata (another tool's, or an older specs'): they cannot be checked.
    package private(set) var unchecked: [String] = []
    /// The suite's selected scenarios that are in no stream, by `path:line` (or by shard,
    /// where an older stream does not name them).
    package private(set) var scenariosInNoStream: [String] = []
    /// The scenarios a dry run's stream holds (`--dry-run`: matched, never run), by `path:line`:
    /// not run, so a rerun file names them.
    package private(set) var scenariosOnlyMatched: [String] = []
    /// What is worth knowing and breaks nothing: shards planned from different inputs whose
    /// shares still hold every scenario once.
    package private(set) var warnings: [String] = []
    /// Streams whose own run says it did not pass (`testRunFinished.success` false).
    package private(set) var failedRuns: [String] = []
    /// Why the streams' runs could not start their worker processes, each told once.
    package private(set) var workersNotStarted: [String] = []
    /// Whether a shard left its unused step definitions to the merge (`--fail-on-unused`).
    package private(set) var unusedDefinitionsAsked = false
    /// Each shard's own time (its stream's `testRunStarted` to `testRunFinished`), in shard order.
    package private(set) var shardTimes: [RunLedger.ShardTime] = []

    /// Checks the streams, each by its path and envelopes (each read once). With
    /// `allowingUnchecked`, streams without metadata are taken as they are; otherwise each is
    /// a problem.
    package init(_ streams: [(path: String, envelopes: [Envelope])], allowingUnchecked: Bool = false) {
        let facts = streams.map { (path: $0.path, facts: StreamFacts($0.envelopes)) }
        // A run tells its metadata as it finishes: a stream that ended early lacks it, and
        // is told for having ended early.
        unchecked = facts.filter { $0.facts.metadata == nil && $0.facts.success != nil }.map(\.path)
        if !unchecked.isEmpty && !allowingUnchecked {
            problems.append(
                "\(Self.list(unchecked)) \(unchecked.count == 1 ? "carries" : "carry") no run metadata (another tool's "
                    + "stream, or an older specs'), so what it should hold cannot be checked; give "
                    + "--allow-unchecked-streams to report it unchecked")
        }
        for (path, facts) in facts where facts.runs > 1 {
            problems.append(
                "\(path) holds \(facts.runs) runs, one after another (streams appended to one file?): "
                    + "give each run's stream as a file of its own")
        }
        // A run's stream starts with its run: one without that start (its run metadata says a
        // run wrote it) lost its beginning, and what else it lost cannot be told.
        for (path, facts) in facts where facts.runs == 0 && facts.metadata != nil {
            problems.append("\(path) has no testRunStarted, though a run wrote it: its beginning was cut or edited")
        }
        let changed = Self.filesThatDiffer(facts.map(\.facts))
        if !changed.isEmpty {
            problems.append(
                "the streams ran different versions of \(changed.count == 1 ? "a feature file" : "feature files"): "
                    + Self.list(changed) + " (the shards ran other commits?)")
        }
        let revisions = Dictionary(grouping: facts.filter { $0.facts.revision != nil }, by: { $0.facts.revision ?? "" })
        if revisions.count > 1 {
            let named = revisions.sorted { $0.key < $1.key }.map { revision, streams in
                "\(revision) in " + Self.list(streams.map { Self.shardName($0.path, $0.facts) })
            }
            if allowingUnchecked {
                warnings.append(
                    "the streams were run from different commits: \(named.joined(separator: "; ")); merged anyway "
                        + "(--allow-unchecked-streams), so the merged stream records no commit")
            } else {
                problems.append(
                    "the streams were run from different commits: \(named.joined(separator: "; ")); give "
                        + "--allow-unchecked-streams to merge them anyway")
            }
        }
        // A stream run outside CI beside shards that CI ran cannot be told to be of their commit.
        let withoutRevision = facts.filter { $0.facts.revision == nil && $0.facts.metadata != nil }
        if !revisions.isEmpty && !withoutRevision.isEmpty && !allowingUnchecked {
            let carried = revisions.keys.sorted().joined(separator: ", ")
            problems.append(
                "\(Self.list(withoutRevision.map { Self.shardName($0.path, $0.facts) })) "
                    + "\(withoutRevision.count == 1 ? "carries" : "carry") no commit (run outside CI?) while the "
                    + "others were run from \(carried), so it cannot be told to be of that commit; give "
                    + "--allow-unchecked-streams to merge them anyway")
        }
        for (path, facts) in facts {
            // One stream that ended early is the run's `incomplete` problem; of several, it is named.
            if facts.success == nil && streams.count > 1 {
                problems.append("\(path) ends before its run finished (no testRunFinished): its run died or was cut")
            } else if !facts.shardMetadata.isEmpty, facts.shardMetadata.allSatisfy({ $0.passed != nil }) {
                // A merge's stream: each shard it stands for says whether its own run passed.
                for metadata in facts.shardMetadata where metadata.passed == false {
                    failedRuns.append(facts.shardMetadata.count > 1 ? "\(path) (shard \(metadata.shard))" : path)
                }
            } else if facts.success == false {
                failedRuns.append(path)
            }
            for metadata in facts.shardMetadata { check(metadata, of: path, planned: facts.planned) }
        }
        // A merge's stream stands for each shard it merged.
        let described = facts.flatMap { stream in stream.facts.shardMetadata.map { (path: stream.path, metadata: $0) } }
        // A stream cut before its end tells no shard: it may be the one no other stream is.
        let cut = streams.count > 1 ? facts.filter { $0.facts.success == nil && $0.facts.metadata == nil } : []
        checkShards(
            described, facts: facts.map(\.facts), cut: cut.map(\.path), unchecked: allowingUnchecked ? unchecked : [])
        guard streams.count > 1 else { return }
        shardTimes = facts.flatMap { stream -> [RunLedger.ShardTime] in
            // A merge's stream tells each shard's time as the merge marked it in its metadata.
            if stream.facts.shardMetadata.count > 1 {
                return stream.facts.shardMetadata.compactMap { metadata in
                    metadata.nanoseconds.map {
                        RunLedger.ShardTime(shard: metadata.shard, of: metadata.shards, nanoseconds: $0)
                    }
                }
            }
            guard let metadata = stream.facts.metadata, let start = stream.facts.started,
                let end = stream.facts.finished
            else { return [] }
            let time = metadata.nanoseconds ?? max(0, end.saturatingSubtract(start))
            return [RunLedger.ShardTime(shard: metadata.shard, of: metadata.shards, nanoseconds: time)]
        }.sorted { $0.shard < $1.shard }
    }

    /// What one run's metadata tells of its stream at `path`: a dry run, an interruption,
    /// definitions that did not register, workers that did not start.
    private mutating func check(_ metadata: RunMetadata, of path: String, planned: [String]) {
        if metadata.dryRun == true {
            scenariosOnlyMatched += planned.filter { $0.contains(":") }
            problems.append("\(path) is a dry run (--dry-run): its steps were matched to definitions, none was run")
        }
        if metadata.failOnUnused == true { unusedDefinitionsAsked = true }
        if let reason = metadata.workersNotStarted, !workersNotStarted.contains(reason) {
            workersNotStarted.append(reason)
        }
        if let signal = metadata.interrupted {
            problems.append("\(path): its run was stopped by \(signal) before its end")
        }
        if let count = metadata.definitionErrors, count > 0 {
            problems.append(
                "\(path): \(VerdictText.unregistered(count)) could not be registered, so its run ran no scenario")
        }
    }

    /// The checks of the suite as its shards describe it: one suite, one number of shards,
    /// each once, one plan, and every scenario in exactly one stream.
    private mutating func checkShards(
        _ described: [(path: String, metadata: RunMetadata)], facts: [StreamFacts], cut: [String],
        unchecked: [String] = []
    ) {
        // Scenarios planned by more than one stream (a shard given twice, shards planned apart).
        var seen: [String: Int] = [:]
        var twice: [String] = []
        for (index, stream) in facts.enumerated() {
            for place in Set(stream.planned) {
                if let first = seen[place], first != index { twice.append(place) } else { seen[place] = index }
            }
        }
        for stream in described {
            let metadata = stream.metadata
            guard metadata.shards >= 1, (1...metadata.shards).contains(metadata.shard), metadata.selected >= 0,
                metadata.planned >= 0
            else {
                problems.append(
                    "\(stream.path): its run metadata is out of range (shard \(metadata.shard) of \(metadata.shards), "
                        + "\(metadata.planned) of \(metadata.selected) scenarios)")
                return
            }
        }
        guard let first = described.first else { return reportTwice(twice) }
        let suites = Dictionary(grouping: described, by: \.metadata.suite)
        if suites.count > 1 {
            let groups = suites.values.map { group in
                "\(Self.list(group.map(\.path))) (\(group[0].metadata.selected) scenario\(group[0].metadata.selected == 1 ? "" : "s"))"
            }.sorted()
            problems.append(
                "the streams come from different suites (other scenarios or other selecting options): "
                    + groups.joined(separator: "; "))
            return
        }
        if Set(described.map(\.metadata.shards)).count > 1 {
            problems.append(
                "the streams split the suite into different numbers of shards: "
                    + described.map { "\($0.path) is shard \($0.metadata.shard) of \($0.metadata.shards)" }.joined(
                        separator: ", "))
            return
        }
        // Shards planned from different inputs explain scenarios in no shard or in two; when
        // their shares happen to hold every scenario once, nothing is wrong with the run.
        let plans = Dictionary(grouping: described, by: { $0.metadata.plan ?? "count" })
        let planProblem =
            plans.count < 2
            ? nil
            : "the shards were planned from different inputs (give every shard the same --shard-durations): "
                + plans.keys.sorted().map { plan in
                    "\(Self.list(plans[plan]!.map(\.path))) from \(plan == "count" ? "an even split (no durations)" : plan)"
                }.joined(separator: "; ")
        let problemsBefore = problems.count
        defer {
            if let planProblem {
                if problems.count > problemsBefore {
                    problems.insert(planProblem, at: problemsBefore)
                } else {
                    warnings.append(planProblem)
                }
            }
        }
        let total = first.metadata.shards
        let byShard = Dictionary(grouping: described, by: \.metadata.shard)
        for shard in byShard.keys.sorted() where byShard[shard]!.count > 1 {
            problems.append(
                "shard \(shard) of \(total) is given more than once: \(Self.list(byShard[shard]!.map(\.path)))")
        }
        reportTwice(twice)
        // The suite's scenarios, named where every stream names them; otherwise counted.
        let ran = Set(facts.flatMap(\.planned))
        let named = described.compactMap(\.metadata.scenarios)
        let suite = named.count == described.count && !named.isEmpty ? Self.places(named[0]) : nil
        let missingShards = Self.missing(total, present: Set(byShard.keys))
        if let suite {
            scenariosInNoStream = suite.filter { !ran.contains($0) }
        } else {
            // Streams that do not name their suite's scenarios (an older specs'): counted.
            let planned = byShard.values.reduce(0) { $0.saturatingAdd($1[0].metadata.planned) }
            let count = max(0, first.metadata.selected.saturatingSubtract(planned))
            scenariosInNoStream = Array(repeating: "(a scenario no stream names)", count: min(count, 1_000_000))
        }
        let inNoStream = scenariosInNoStream.filter { $0.contains(":") }
        let places = inNoStream.isEmpty ? "" : ": " + Self.list(inNoStream, most: 10)
        if !missingShards.numbers.isEmpty {
            let count = missingShards.count
            let numbers =
                missingShards.numbers.map(String.init).joined(separator: ", ")
                + (count > missingShards.numbers.count ? " and \(count - missingShards.numbers.count) more" : "")
            let one = count == 1
            let shards = "shard\(one ? "" : "s") \(numbers) of \(total)"
            let selected = first.metadata.selected
            // Where a stream cut before its end may be the shard, the shard is not missing: its
            // stream is cut off (and its scenarios that never ran are counted as such).
            let absent =
                cut.isEmpty
                ? "\(shards) \(one ? "is" : "are") missing"
                : "\(shards) \(one ? "has" : "have") no finished stream (\(Self.list(cut)) \(cut.count == 1 ? "is" : "are") "
                    + "cut off before telling which shard \(cut.count == 1 ? "it" : "they") ran)"
            if !scenariosInNoStream.isEmpty {
                problems.append(
                    "\(absent): \(Self.ofTheSuite(scenariosInNoStream.count, selected)) \(scenariosInNoStream.count == 1 ? "is" : "are") in no "
                        + "stream and \(scenariosInNoStream.count == 1 ? "was" : "were") not run" + places)
            } else if cut.isEmpty && !unchecked.isEmpty {
                // Streams without metadata, taken as they are, hold the scenarios it would have.
                warnings.append(
                    "\(shards) \(one ? "has" : "have") no stream that says so; every scenario of the suite is in "
                        + "the streams, \(Self.list(unchecked)) (unchecked) among them")
            } else if cut.isEmpty {
                problems.append(
                    "\(absent): \(one ? "it" : "they") held \(selected == 1 ? "not the suite's one scenario" : "none of the suite's \(selected) scenarios"), but "
                        + "every shard's stream is part of the run")
            } else {
                problems.append(absent)
            }
        } else if !scenariosInNoStream.isEmpty {
            problems.append(
                "\(Self.ofTheSuite(scenariosInNoStream.count, first.metadata.selected)) ran in no shard" + places)
        }
    }

    /// `2 of the suite's 12 scenarios`, `the suite's one scenario`.
    private static func ofTheSuite(_ count: Int, _ selected: Int) -> String {
        selected == 1 && count == 1 ? "the suite's one scenario" : "\(count) of the suite's \(selected) scenarios"
    }

    private mutating func reportTwice(_ twice: [String]) {
        guard !twice.isEmpty else { return }
        let sorted = twice.sorted(by: Self.inFileOrder)
        problems.append(
            "\(sorted.count) scenario\(sorted.count == 1 ? "" : "s") ran in more than one stream (counted once): "
                + Self.list(sorted, most: 10))
    }

    /// `path:line` places by path, then line.
    private static func inFileOrder(_ a: String, _ b: String) -> Bool {
        func split(_ place: String) -> (String, Int) {
            guard let colon = place.lastIndex(of: ":") else { return (place, 0) }
            return (String(place[..<colon]), Int(place[place.index(after: colon)...]) ?? 0)
        }
        return split(a) < split(b)
    }

    /// A suite's places from its metadata, `path:line`, sorted.
    private static func places(_ scenarios: [String: [Int]]) -> [String] {
        scenarios.keys.sorted().flatMap { uri in (scenarios[uri] ?? []).sorted().map { "\(uri):\($0)" } }
    }

    /// The first few shard numbers of `1...total` that are not present, and how many are not:
    /// without listing them all (a stream may say it is one of 2^63 shards).
    private static func missing(_ total: Int, present: Set<Int>) -> (numbers: [Int], count: Int) {
        var numbers: [Int] = []
        var shard = 1
        while numbers.count < 5 && shard <= total {
            if !present.contains(shard) { numbers.append(shard) }
            if shard == Int.max { break }
            shard += 1
        }
        return (numbers, max(0, total - present.filter { (1...total).contains($0) }.count))
    }

    /// A stream by its path and, when its metadata says, its shard.
    private static func shardName(_ path: String, _ facts: StreamFacts) -> String {
        guard let metadata = facts.metadata, metadata.shards > 1 else { return path }
        // A merge's stream stands for each shard it merged.
        let shards = facts.shardMetadata.map(\.shard).sorted().map(String.init)
        return "\(path) (shard\(shards.count == 1 ? "" : "s") \(shards.joined(separator: ", ")) of \(metadata.shards))"
    }

    /// The feature files whose text is not the same in every stream that holds them.
    private static func filesThatDiffer(_ facts: [StreamFacts]) -> [String] {
        var texts: [String: String] = [:]
        var differ: Set<String> = []
        for stream in facts {
            for (uri, text) in stream.sources {
                if let seen = texts[uri] { if seen != text { differ.insert(uri) } } else { texts[uri] = text }
            }
        }
        return differ.sorted()
    }

    private static func list(_ items: [String], most: Int = .max) -> String {
        let shown = Array(items.prefix(most))
        let more = items.count > shown.count ? " and \(items.count - shown.count) more" : ""
        if !more.isEmpty { return shown.joined(separator: ", ") + more }
        return shown.count <= 1 ? shown.joined() : shown.dropLast().joined(separator: ", ") + " and " + shown.last!
    }
}
