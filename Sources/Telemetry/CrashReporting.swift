/// Crash reporting (Crashlytics): non-fatal errors, breadcrumbs and custom keys that give
/// a crash its context.
public protocol CrashReportingService: Sendable {
    func recordError(_ error: any Error) async
    func log(_ breadcrumb: String) async
    func setCustomValue(_ value: String, forKey key: String) async
}

/// Reports nothing: for tests and when crash reporting is off.
public struct NoOpCrashReportingService: CrashReportingService {
    public init() {}
    public func recordError(_ error: any Error) async {}
    public func log(_ breadcrumb: String) async {}
    public func setCustomValue(_ value: String, forKey key: String) async {}
}

/// Keeps what reaches crash reporting: what a crash report would carry.
public actor RecordingCrashReportingService: CrashReportingService {
    public private(set) var errors: [String] = []
    public private(set) var breadcrumbs: [String] = []
    public private(set) var customValues: [String: String] = [:]

    public init() {}

    public func recordError(_ error: any Error) { errors.append(String(describing: error)) }
    public func log(_ breadcrumb: String) { breadcrumbs.append(breadcrumb) }
    public func setCustomValue(_ value: String, forKey key: String) { customValues[key] = value }
}
