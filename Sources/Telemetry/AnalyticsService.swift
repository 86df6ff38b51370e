/// Where analytics events go (Firebase Analytics, PostHog, ...): event tracking and user
/// properties.
public protocol AnalyticsService: Sendable {
    func track(_ event: AnalyticsEvent) async
    func setUserProperty(_ name: String, value: String) async
}

/// Sends nothing: for tests and when analytics are off.
public struct NoOpAnalyticsService: AnalyticsService {
    public init() {}
    public func track(_ event: AnalyticsEvent) async {}
    public func setUserProperty(_ name: String, value: String) async {}
}

/// Keeps what reaches it, in order: the events a backend would have received.
public actor RecordingAnalyticsService: AnalyticsService {
    public private(set) var events: [AnalyticsEvent] = []
    public private(set) var userProperties: [String: String] = [:]

    public init() {}

    public func track(_ event: AnalyticsEvent) { events.append(event) }
    public func setUserProperty(_ name: String, value: String) { userProperties[name] = value }
}
