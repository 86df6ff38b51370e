import Foundation
import Locking
import Telemetry

/// The app and its share extension as the observability handbook composes them, for one
/// scenario: each target's analytics gated by the shared consent and held to the event
/// policy, the flags over Remote Config and the App Group, the extension's buffer in a
/// folder of its own. Steps drive it; the rules live in `Telemetry`.
final class HandbookApp {
    var build = BuildConfiguration.release
    let appGroup = InMemorySharedDefaults()
    var remote: [String: String] = [:]
    let flagReports = Locked<[String]>([])
    var context = EventContext(source: .app, userAuthenticated: false)

    /// What reached the app's and the extension's backends.
    let appBackend = RecordingAnalyticsService()
    let extensionBackend = RecordingAnalyticsService()
    private(set) var policy: PolicyEnforcingAnalyticsService?
    let crash = RecordingCrashReportingService()
    let performance = RecordingPerformanceTraceService()
    var trace: PerformanceTrace?
    let authLogger = AppLogger(category: "auth")
    var relayed: [AnalyticsEvent] = []
    var lostEvents = 0

    lazy var bufferDirectory: URL = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "handbook-app-group-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }()

    var consent: Consent { Consent(build: build, defaults: appGroup) }

    /// The app's analytics: context added, the policy enforced, consent asked at each event.
    func appAnalytics() -> any AnalyticsService {
        let policy = PolicyEnforcingAnalyticsService(wrapping: appBackend)
        self.policy = policy
        return ContextualAnalyticsService(
            wrapping: ConsentGatedAnalyticsService(wrapping: policy, consent: consent), context: context)
    }

    func extensionAnalytics() -> any AnalyticsService {
        ConsentGatedAnalyticsService(
            wrapping: PolicyEnforcingAnalyticsService(wrapping: extensionBackend), consent: consent)
    }

    var flags: RemoteConfigFlags {
        RemoteConfigFlags(remote: remote, build: build, defaults: appGroup) { [flagReports] report in
            flagReports.withLock { $0.append(report) }
        }
    }

    var buffer: AppGroupEventBuffer { AppGroupEventBuffer(directory: bufferDirectory) }

    deinit { try? FileManager.default.removeItem(at: bufferDirectory) }
}
