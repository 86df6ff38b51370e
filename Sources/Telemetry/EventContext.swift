/// Where events come from: the context properties the handbook asks every event to carry
/// when relevant: `source` (`app` or `share_extension`), `user_authenticated` and, when a
/// screen is shown, `screen`.
public struct EventContext: Sendable, Hashable {
    public enum Source: String, Sendable {
        case app
        case shareExtension = "share_extension"
    }

    public var source: Source
    public var userAuthenticated: Bool
    public var screen: String?

    public init(source: Source, userAuthenticated: Bool, screen: String? = nil) {
        self.source = source
        self.userAuthenticated = userAuthenticated
        self.screen = screen
    }

    /// The context as event parameters.
    public var parameters: [String: String] {
        var parameters = ["source": source.rawValue, "user_authenticated": userAuthenticated ? "true" : "false"]
        if let screen { parameters["screen"] = screen }
        return parameters
    }
}

/// Adds the current context to every event (an event's own parameters win).
public actor ContextualAnalyticsService: AnalyticsService {
    private let wrapped: any AnalyticsService
    public private(set) var context: EventContext

    public init(wrapping wrapped: any AnalyticsService, context: EventContext) {
        self.wrapped = wrapped
        self.context = context
    }

    public func update(_ change: (inout EventContext) -> Void) { change(&context) }

    public func track(_ event: AnalyticsEvent) async {
        var event = event
        event.parameters = context.parameters.merging(event.parameters) { _, own in own }
        await wrapped.track(event)
    }

    public func setUserProperty(_ name: String, value: String) async {
        await wrapped.setUserProperty(name, value: value)
    }
}
