import Telemetry
import XCTest

final class ContextAndConsentTests: XCTestCase {
    func test_track_everyEvent_carriesSourceAndAuthenticationAndTheScreenWhenShown() async {
        let backend = RecordingAnalyticsService()
        let analytics = ContextualAnalyticsService(
            wrapping: backend, context: EventContext(source: .app, userAuthenticated: false))
        await analytics.track(AnalyticsEvent("app_opened"))
        await analytics.update {
            $0.userAuthenticated = true
            $0.screen = "feed"
        }
        await analytics.track(AnalyticsEvent("post_created", parameters: ["screen": "composer"]))
        let events = await backend.events
        XCTAssertEqual(events[0].parameters, ["source": "app", "user_authenticated": "false"])
        XCTAssertEqual(events[1].parameters, ["source": "app", "user_authenticated": "true", "screen": "composer"])
    }

    func test_isGranted_byBuildAndByWhatWasDecided() {
        let defaults = InMemorySharedDefaults()
        XCTAssertFalse(Consent(build: .debug, defaults: defaults).isGranted)
        XCTAssertTrue(Consent(build: .release, defaults: defaults).isGranted)
        Consent(build: .release, defaults: defaults).update(granted: false)
        XCTAssertFalse(Consent(build: .release, defaults: defaults).isGranted)
        Consent(build: .debug, defaults: defaults).update(granted: true)
        XCTAssertTrue(Consent(build: .debug, defaults: defaults).isGranted)
    }

    func test_track_afterConsentIsWithdrawn_sendsNothing_inTheAppAndTheExtensionAlike() async {
        let appGroup = InMemorySharedDefaults()
        let app = RecordingAnalyticsService()
        let extensionBackend = RecordingAnalyticsService()
        let appAnalytics = ConsentGatedAnalyticsService(
            wrapping: app, consent: Consent(build: .release, defaults: appGroup))
        let extensionAnalytics = ConsentGatedAnalyticsService(
            wrapping: extensionBackend, consent: Consent(build: .release, defaults: appGroup))
        await appAnalytics.track(AnalyticsEvent("app_opened"))
        Consent(build: .release, defaults: appGroup).update(granted: false)
        await appAnalytics.track(AnalyticsEvent("post_created"))
        await appAnalytics.setUserProperty("account_type", value: "premium")
        await extensionAnalytics.track(AnalyticsEvent("share_extension_opened"))
        let actual8 = await app.events
        XCTAssertEqual(actual8, [AnalyticsEvent("app_opened")])
        let actual9 = await app.userProperties
        XCTAssertEqual(actual9, [:])
        let actual10 = await extensionBackend.events
        XCTAssertEqual(actual10, [])
    }

    func test_multiplex_sendsEachEventToEveryBackend() async {
        let firebase = RecordingAnalyticsService()
        let postHog = RecordingAnalyticsService()
        await MultiplexAnalyticsService([firebase, postHog]).track(AnalyticsEvent("post_created"))
        let actual11 = await firebase.events
        XCTAssertEqual(actual11, [AnalyticsEvent("post_created")])
        let actual12 = await postHog.events
        XCTAssertEqual(actual12, [AnalyticsEvent("post_created")])
    }
}
