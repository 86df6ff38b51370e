/// Whether analytics may be sent, under the handbook's implied-consent model: off by
/// default in debug builds, on by default in release builds, and what the user or the app
/// decided (`analytics_consent_granted` in the App Group) wins over both. The app and its
/// extension read the same flag.
public struct Consent: Sendable {
    public static let key = "analytics_consent_granted"

    public let build: BuildConfiguration
    public let defaults: any SharedDefaults

    public init(build: BuildConfiguration, defaults: any SharedDefaults) {
        self.build = build
        self.defaults = defaults
    }

    public var isGranted: Bool {
        switch defaults.value(forKey: Self.key) {
        case "true": true
        case "false": false
        default: build == .release
        }
    }

    /// Grants or withdraws consent, for the app and the extension.
    public func update(granted: Bool) {
        defaults.set(granted ? "true" : "false", forKey: Self.key)
    }
}

/// Sends an event only while consent is granted, asked at each event: once consent is
/// withdrawn, nothing more is tracked.
public struct ConsentGatedAnalyticsService: AnalyticsService {
    public let wrapped: any AnalyticsService
    public let consent: Consent

    public init(wrapping wrapped: any AnalyticsService, consent: Consent) {
        self.wrapped = wrapped
        self.consent = consent
    }

    public func track(_ event: AnalyticsEvent) async {
        guard consent.isGranted else { return }
        await wrapped.track(event)
    }

    public func setUserProperty(_ name: String, value: String) async {
        guard consent.isGranted else { return }
        await wrapped.setUserProperty(name, value: value)
    }
}
