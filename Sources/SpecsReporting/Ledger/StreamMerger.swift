import Messages

/// Merges the message streams of several runs (shards of one suite, usually) into
/// one stream: documents, pickles and definitions once each, one run start (the
/// earliest) and one run finish (the latest, successful only if all were), and every
/// test case of every stream in between.
public enum StreamMerger {
    public static func merge(_ streams: [[Envelope]]) -> [Envelope] {
        guard streams.count > 1 else { return streams.first ?? [] }
        var head: [Envelope] = []
        var body: [Envelope] = []
        var seen: Set<String> = []
        var started: TestRunStarted?
        var finished: TestRunFinished?
        var sawFinish = 0
        func once(_ key: String, _ envelope: Envelope) {
            if seen.insert(key).inserted { head.append(envelope) }
        }
        for stream in streams {
            for envelope in stream {
                switch envelope {
                case .meta: once("meta", envelope)
                case .source(let source): once("source:" + source.uri, envelope)
                case .gherkinDocument(let document): once("document:" + (document.uri ?? ""), envelope)
                case .pickle(let pickle): once("pickle:" + pickle.id, envelope)
                case .parseError(let error): once("parseError:" + (error.source.uri ?? "") + error.message, envelope)
                case .stepDefinition(let definition): once("stepDefinition:" + definition.id, envelope)
                case .hook(let hook): once("hook:" + hook.id, envelope)
                case .parameterType(let type): once("parameterType:" + type.id, envelope)
                case .undefinedParameterType(let type): once("undefined:" + type.expression + type.name, envelope)
                case .testRunStarted(let start):
                    if started.map({ start.timestamp.totalNanoseconds < $0.timestamp.totalNanoseconds }) ?? true { started = start }
                case .testRunFinished(let end):
                    sawFinish += 1
                    if let current = finished {
                        let latest = end.timestamp.totalNanoseconds > current.timestamp.totalNanoseconds ? end.timestamp : current.timestamp
                        finished = TestRunFinished(
                            message: current.message ?? end.message, success: current.success && end.success, timestamp: latest,
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
        if let started { merged.append(.testRunStarted(started)) }
        merged += body.map { envelope in
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
}
