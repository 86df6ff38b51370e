import Messages

/// Merges the message streams of several runs (shards of one suite, usually) into
/// one stream: documents, pickles and definitions once each, one run start (the
/// earliest) and one run finish (the latest, successful only if all were), and every
/// test case of every stream in between, in the order of their pickles, as one run of
/// the whole suite tells them: every report of the merge reads as the whole run's. A
/// scenario (known by `path:line`) that several streams ran is taken from the first of them
/// alone, so that no count of the merge exceeds the suite (`ShardCheck` says it ran twice).
package enum StreamMerger {
    package static func merge(_ streams: [[Envelope]]) -> [Envelope] {
        let marked = streams.map(markingWhetherItsRunPassed)
        guard marked.count > 1 else { return marked.first ?? [] }
        let streams = onceEach(marked)
        var head: [Envelope] = []
        var body: [Envelope] = []
        var seen: Set<String> = []
        var started: TestRunStarted?
        var finished: TestRunFinished?
        var sawFinish = 0
        // The commit each stream's run built: a merge of several records one only when all agree.
        var revisions: Set<String?> = []
        func once(_ key: String, _ envelope: Envelope) {
            if seen.insert(key).inserted { head.append(envelope) }
        }
        for stream in streams {
            for envelope in stream {
                switch envelope {
                case .meta(let meta):
                    revisions.insert(meta.ci?.git?.revision)
                    once("meta", envelope)
                case .source(let source): once("source:" + source.uri, envelope)
                case .gherkinDocument(let document): once("document:" + (document.uri ?? ""), envelope)
                case .pickle(let pickle): once("pickle:" + pickle.id, envelope)
                case .parseError(let error): once("parseError:" + (error.source.uri ?? "") + error.message, envelope)
                case .stepDefinition(let definition): once("stepDefinition:" + definition.id, envelope)
                case .hook(let hook): once("hook:" + hook.id, envelope)
                case .parameterType(let type): once("parameterType:" + type.id, envelope)
                case .undefinedParameterType(let type): once("undefined:" + type.expression + type.name, envelope)
                case .testRunStarted(let start):
                    if started.map({ start.timestamp.totalNanoseconds < $0.timestamp.totalNanoseconds }) ?? true {
                        started = start
                    }
                case .testRunFinished(let end):
                    sawFinish += 1
                    if let current = finished {
                        let latest =
                            end.timestamp.totalNanoseconds > current.timestamp.totalNanoseconds
                            ? end.timestamp : current.timestamp
                        finished = TestRunFinished(
                            message: current.message ?? end.message, success: current.success && end.success,
                            timestamp: latest,
                            exception: current.exception ?? end.exception, testRunStartedId: current.testRunStartedId)
                    } else {
                        finished = end
                    }
                default:
                    body.append(envelope)
                }
            }
        }
        var merged = head
        if revisions.count > 1 {
            // Streams of several commits (merged with --allow-unchecked-streams): the merge is of
            // none of them, and a later merge with that flag alone takes it beside other shards.
            merged = merged.map { envelope in
                guard case .meta(var meta) = envelope else { return envelope }
                meta.ci?.git = nil
                return .meta(meta)
            }
        }
        if let started { merged.append(.testRunStarted(started)) }
        merged += inPickleOrder(body, pickles: head).map { envelope in
            // Every stream's test cases now belong to the one merged run.
            guard case .testCase(var testCase) = envelope else { return envelope }
            testCase.testRunStartedId = started?.id
            return .testCase(testCase)
        }
        if var finished {
            finished.testRunStartedId = started?.id
            // A stream that never finished (a run that died) cannot count as a success.
            if sawFinish < streams.count { finished.success = false }
            merged.append(.testRunFinished(finished))
        }
        return merged
    }

    /// A stream whose run metadata says whether its run passed (its own `testRunFinished`),
    /// where it does not yet: a merge's stream keeps, for each shard it stands for, whether
    /// that shard's run passed, so that a merge of it with the shards it lacked judges them
    /// by their own runs, not by its verdict (which the missing shards failed).
    /// Its time is marked alike.
    static func markingWhetherItsRunPassed(_ stream: [Envelope]) -> [Envelope] {
        var finished: TestRunFinished?
        for case .testRunFinished(let last) in stream.reversed() {
            finished = last
            break
        }
        guard let finished else { return stream }
        var started: Timestamp?
        for case .testRunStarted(let first) in stream {
            started = first.timestamp
            break
        }
        let time = started.map { max(0, finished.timestamp.totalNanoseconds.saturatingSubtract($0.totalNanoseconds)) }
        return stream.map { envelope in
            guard case .attachment(var attachment) = envelope, attachment.mediaType == RunMetadata.mediaType,
                var metadata = RunMetadata.decode(attachment.body), metadata.passed == nil
            else { return envelope }
            metadata.passed = finished.success
            metadata.nanoseconds = time
            attachment.body = metadata.body
            return .attachment(attachment)
        }
    }

    /// The streams without the test cases (and their attempts' events) of scenarios an
    /// earlier stream already planned, or whose pickle their own stream lacks.
    private static func onceEach(_ streams: [[Envelope]]) -> [[Envelope]] {
        // A stream whose run did not pass claims its scenarios first, whatever the order the
        // streams are given in: a shard given twice (a retried CI job beside its first run)
        // never hides the failure in the merge's reports (the merge fails for the doubled shard).
        func passed(_ stream: [Envelope]) -> Bool {
            for case .testRunFinished(let finished) in stream.reversed() { return finished.success }
            return false
        }
        let claimOrder = streams.indices.sorted { a, b in
            (passed(streams[a]) ? 1 : 0, a) < (passed(streams[b]) ? 1 : 0, b)
        }
        var planned: Set<String> = []
        var droppedCases = Array(repeating: Set<String>(), count: streams.count)
        for index in claimOrder {
            var places: [String: String] = [:]
            var mine: Set<String> = []
            for envelope in streams[index] {
                if case .pickle(let pickle) = envelope { places[pickle.id] = StreamFacts.place(pickle) }
                guard case .testCase(let testCase) = envelope else { continue }
                // A test case whose pickle its own stream lacks runs nothing the merge can name:
                // its scenario is in no stream (`ShardCheck`), and another stream's pickle of the
                // same id does not make it that scenario's pass (tester Z1's Z1-6).
                guard let place = places[testCase.pickleId] else {
                    droppedCases[index].insert(testCase.id)
                    continue
                }
                if planned.contains(place) && !mine.contains(place) {
                    droppedCases[index].insert(testCase.id)
                } else {
                    mine.insert(place)
                }
            }
            planned.formUnion(mine)
        }
        return streams.indices.map { index in
            let stream = streams[index]
            let dropped = droppedCases[index]
            guard !dropped.isEmpty else { return stream }
            var droppedAttempts: Set<String> = []
            return stream.filter { envelope in
                switch envelope {
                case .testCase(let testCase): return !dropped.contains(testCase.id)
                case .testCaseStarted(let started):
                    guard dropped.contains(started.testCaseId) else { return true }
                    droppedAttempts.insert(started.id)
                    return false
                case .testStepStarted(let started): return !droppedAttempts.contains(started.testCaseStartedId)
                case .testStepFinished(let finished): return !droppedAttempts.contains(finished.testCaseStartedId)
                case .testCaseFinished(let finished): return !droppedAttempts.contains(finished.testCaseStartedId)
                case .attachment(let attachment):
                    return attachment.testCaseStartedId.map { !droppedAttempts.contains($0) } ?? true
                default: return true
                }
            }
        }
    }

    /// The body's test cases (each with its attempts' events) in the order their pickles
    /// were told; the envelopes of no test case (run hooks, the runs' metadata) first.
    private static func inPickleOrder(_ body: [Envelope], pickles head: [Envelope]) -> [Envelope] {
        var pickleOrder: [String: Int] = [:]
        for case .pickle(let pickle) in head { pickleOrder[pickle.id] = pickleOrder.count }
        var others: [Envelope] = []
        var groups: [String: [Envelope]] = [:]
        var order: [(testCase: String, pickle: Int, seen: Int)] = []
        var owner: [String: String] = [:]
        func add(_ envelope: Envelope, toAttempt startedId: String) {
            if let testCase = owner[startedId] {
                groups[testCase, default: []].append(envelope)
            } else {
                others.append(envelope)
            }
        }
        for envelope in body {
            switch envelope {
            case .testCase(let testCase):
                if groups[testCase.id] == nil {
                    order.append((testCase.id, pickleOrder[testCase.pickleId] ?? Int.max, order.count))
                }
                groups[testCase.id, default: []].append(envelope)
            case .testCaseStarted(let started):
                owner[started.id] = started.testCaseId
                groups[started.testCaseId, default: []].append(envelope)
            case .testStepStarted(let started): add(envelope, toAttempt: started.testCaseStartedId)
            case .testStepFinished(let finished): add(envelope, toAttempt: finished.testCaseStartedId)
            case .testCaseFinished(let finished): add(envelope, toAttempt: finished.testCaseStartedId)
            case .attachment(let attachment) where attachment.testCaseStartedId != nil:
                add(envelope, toAttempt: attachment.testCaseStartedId ?? "")
            default: others.append(envelope)
            }
        }
        let sorted = order.sorted { ($0.pickle, $0.seen) < ($1.pickle, $1.seen) }
        return others + sorted.flatMap { groups[$0.testCase] ?? [] }
    }
}
