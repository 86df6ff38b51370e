/// One event to every analytics backend (Firebase Analytics and PostHog), in order.
public struct MultiplexAnalyticsService: AnalyticsService {
    public let services: [any AnalyticsService]

    public init(_ services: [any AnalyticsService]) {
        self.services = services
    }

    public func track(_ event: AnalyticsEvent) async {
        for service in services { await service.track(event) }
    }

    public func setUserProperty(_ name: String, value: String) async {
        for service in services { await service.setUserProperty(name, value: value) }
    }
}
