import Gherkin
import Messages

/// For a format that writes a feature at a time (Cucumber JSON, the HTML book): each open
/// document's feature and the results of its scenarios as they end, handed over together
/// when the document closes, in plan order. Documents never closed (a stream read from
/// files) are handed over at the end, in the order they came.
struct FeatureResults {
    struct Closed {
        let uri: String
        let feature: Feature
        /// The results of the feature's test cases, in plan order.
        let results: [ScenarioResult]
    }

    private var results = FinalResults()
    /// The results taken so far of the open documents' test cases.
    private var taken: [String: ScenarioResult] = [:]
    /// The open documents' features, and their uris in the order they came.
    private var features: [String: Feature?] = [:]
    private var openOrder: [String] = []

    mutating func take(_ envelope: Envelope, from ledger: RunLedger) {
        if case .gherkinDocument(let document) = envelope {
            let uri = document.uri ?? ""
            if features[uri] == nil { openOrder.append(uri) }
            features[uri] = document.feature
        }
        if let result = results.take(envelope, from: ledger) { taken[result.testCaseId] = result }
    }

    /// The document's feature with its results; nil when it has no feature or no test case.
    /// The document is then forgotten.
    mutating func close(_ uri: String, from ledger: RunLedger) -> Closed? {
        openOrder.removeAll { $0 == uri }
        let testCases = results.testCases(of: uri)
        let neverEnded = Dictionary(
            results.close(uri, from: ledger).map { ($0.testCaseId, $0) }, uniquingKeysWith: { first, _ in first })
        let scenarios = testCases.compactMap { taken.removeValue(forKey: $0) ?? neverEnded[$0] }
        guard let feature = features.removeValue(forKey: uri) ?? nil, !scenarios.isEmpty else { return nil }
        return Closed(uri: uri, feature: feature, results: scenarios)
    }

    /// Every document still open, closed in the order they came.
    mutating func closeAll(from ledger: RunLedger) -> [Closed] {
        let uris = openOrder
        return uris.compactMap { close($0, from: ledger) }
    }
}
