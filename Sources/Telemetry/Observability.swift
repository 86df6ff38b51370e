/// The one facade the app reaches observability through: analytics, feature flags, crash
/// reporting and performance traces, each behind its protocol. `disabled` is the facade of
/// no-op services, for tests and for builds where observability is off.
public struct Observability: Sendable {
    public let analytics: any AnalyticsService
    public let flags: any FeatureFlagService
    public let crash: any CrashReportingService
    public let performance: any PerformanceTraceService

    public init(
        analytics: any AnalyticsService, flags: any FeatureFlagService, crash: any CrashReportingService,
        performance: any PerformanceTraceService
    ) {
        self.analytics = analytics
        self.flags = flags
        self.crash = crash
        self.performance = performance
    }

    public static let disabled = Observability(
        analytics: NoOpAnalyticsService(),
        flags: RemoteConfigFlags(remote: [:], build: .release, defaults: InMemorySharedDefaults()),
        crash: NoOpCrashReportingService(), performance: NoOpPerformanceTraceService())
}
