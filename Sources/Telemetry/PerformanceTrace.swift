/// Performance monitoring: custom traces with metrics.
public protocol PerformanceTraceService: Sendable {
    func startTrace(_ name: String) async -> PerformanceTrace
}

/// A trace under way: metrics add up until it is stopped; a stopped trace is reported once
/// with its metrics and takes no more.
public actor PerformanceTrace {
    public let name: String
    public private(set) var metrics: [String: Int64] = [:]
    public private(set) var isStopped = false
    private let finished: @Sendable (FinishedTrace) async -> Void

    init(name: String, finished: @escaping @Sendable (FinishedTrace) async -> Void) {
        self.name = name
        self.finished = finished
    }

    public func incrementMetric(_ metric: String, by amount: Int64) {
        guard !isStopped else { return }
        metrics[metric, default: 0] += amount
    }

    public func stop() async {
        guard !isStopped else { return }
        isStopped = true
        await finished(FinishedTrace(name: name, metrics: metrics))
    }
}

/// A trace as it was reported when stopped.
public struct FinishedTrace: Sendable, Hashable {
    public let name: String
    public let metrics: [String: Int64]

    public init(name: String, metrics: [String: Int64]) {
        self.name = name
        self.metrics = metrics
    }
}

/// Keeps the traces that were stopped, in order.
public actor RecordingPerformanceTraceService: PerformanceTraceService {
    public private(set) var finished: [FinishedTrace] = []

    public init() {}

    public func startTrace(_ name: String) -> PerformanceTrace {
        PerformanceTrace(name: name) { [weak self] trace in await self?.record(trace) }
    }

    private func record(_ trace: FinishedTrace) { finished.append(trace) }
}

/// Traces that go nowhere: for tests and when monitoring is off.
public struct NoOpPerformanceTraceService: PerformanceTraceService {
    public init() {}
    public func startTrace(_ name: String) async -> PerformanceTrace { PerformanceTrace(name: name) { _ in } }
}
