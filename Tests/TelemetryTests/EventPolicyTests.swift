import Telemetry
import XCTest

final class EventPolicyTests: XCTestCase {
    private func sent(_ event: AnalyticsEvent) async -> (sent: [AnalyticsEvent], refused: [[AnalyticsViolation]]) {
        let backend = RecordingAnalyticsService()
        let analytics = PolicyEnforcingAnalyticsService(wrapping: backend)
        await analytics.track(event)
        return (await backend.events, await analytics.refused.map(\.violations))
    }

    func test_track_snakeCaseName_isSent() async {
        let result = await sent(AnalyticsEvent("post_created"))
        XCTAssertEqual(result.sent, [AnalyticsEvent("post_created")])
        XCTAssertEqual(result.refused, [])
    }

    func test_track_nameThatIsNotSnakeCase_isRefusedAndNeverSent() async {
        for name in [
            "PostCreated", "share-extension-opened", "post__created", "_post", "post_created_", "2fa_enabled",
            "Post_created",
        ] {
            let result = await sent(AnalyticsEvent(name))
            XCTAssertEqual(result.sent, [], name)
            XCTAssertEqual(result.refused, [[.nameNotSnakeCase(name)]], name)
        }
    }

    func test_track_personalDataInTheNameOrAParameter_isRefused() async {
        let email = await sent(AnalyticsEvent("user_jane@example.com_logged_in"))
        XCTAssertEqual(email.sent, [])
        XCTAssertEqual(email.refused, [[.personalData(place: "the event name", kind: "an email address")]])
        let id = await sent(
            AnalyticsEvent("user_logged_in", parameters: ["user": "3f2b8c1e-9a4d-4c7e-8f00-1234567890ab"]))
        XCTAssertEqual(id.refused, [[.personalData(place: "the parameter user", kind: "an identifier (UUID)")]])
        let account = await sent(AnalyticsEvent("user_1234567_logged_in"))
        XCTAssertEqual(
            account.refused, [[.personalData(place: "the event name", kind: "a number of six or more digits")]])
    }

    func test_track_versionedEventWithoutItsSchemaVersion_isRefused() async {
        let missing = await sent(AnalyticsEvent("post_analyzed_v2", parameters: ["analysis_type": "summary"]))
        XCTAssertEqual(missing.refused, [[.schemaVersionMissing(name: "post_analyzed_v2", expected: "2")]])
        let wrong = await sent(AnalyticsEvent("post_analyzed_v3", parameters: ["schema_version": "2"]))
        XCTAssertEqual(wrong.refused, [[.schemaVersionMissing(name: "post_analyzed_v3", expected: "3")]])
        let right = await sent(
            AnalyticsEvent("post_analyzed_v2", parameters: ["schema_version": "2", "analysis_type": "summary"]))
        XCTAssertEqual(right.sent.count, 1)
    }

    func test_violations_firstVersionAndPlainNumbers_areNotVersions() {
        XCTAssertEqual(EventPolicy.violations(of: AnalyticsEvent("post_analyzed_v1")), [])
        XCTAssertEqual(EventPolicy.violations(of: AnalyticsEvent("top_10_posts_viewed")), [])
    }
}
