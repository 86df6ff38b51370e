/// Sends an event only if it keeps the handbook's rules (`EventPolicy`); an event that
/// breaks one is never sent, and kept with its violations for whoever reports them.
public actor PolicyEnforcingAnalyticsService: AnalyticsService {
    private let wrapped: any AnalyticsService
    /// The events refused, with why.
    public private(set) var refused: [(event: AnalyticsEvent, violations: [AnalyticsViolation])] = []

    public init(wrapping wrapped: any AnalyticsService) {
        self.wrapped = wrapped
    }

    public func track(_ event: AnalyticsEvent) async {
        let violations = EventPolicy.violations(of: event)
        guard violations.isEmpty else {
            refused.append((event, violations))
            return
        }
        await wrapped.track(event)
    }

    public func setUserProperty(_ name: String, value: String) async {
        await wrapped.setUserProperty(name, value: value)
    }
}
