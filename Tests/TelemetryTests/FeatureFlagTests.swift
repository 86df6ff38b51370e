import Locking
import Telemetry
import XCTest

final class FeatureFlagTests: XCTestCase {
    func test_flags_missingOrMalformedRemoteValues_fallBackToTheSafeDefault() {
        let flags = RemoteConfigFlags(
            remote: [
                "ai_chat_enabled": "maybe", "max_post_attachments": "ten", "dark_mode": "true", "page_size": "25",
            ],
            build: .release, defaults: InMemorySharedDefaults())
        XCTAssertTrue(flags.bool(forKey: "ai_chat_enabled", default: true))
        XCTAssertEqual(flags.integer(forKey: "max_post_attachments", default: 10), 10)
        XCTAssertFalse(flags.bool(forKey: "not_fetched", default: false))
        XCTAssertTrue(flags.bool(forKey: "dark_mode", default: false))
        XCTAssertEqual(flags.integer(forKey: "page_size", default: 10), 25)
    }

    func test_flags_debugOverride_winsOnlyInDebug() {
        let appGroup = InMemorySharedDefaults(["remote_config_override_ai_chat_enabled": "false"])
        let remote = ["ai_chat_enabled": "true"]
        XCTAssertFalse(
            RemoteConfigFlags(remote: remote, build: .debug, defaults: appGroup).bool(
                forKey: "ai_chat_enabled", default: true))
        XCTAssertTrue(
            RemoteConfigFlags(remote: remote, build: .release, defaults: appGroup).bool(
                forKey: "ai_chat_enabled", default: false))
    }

    func test_flags_keyThatIsNotSnakeCase_isReportedAndItsDefaultHolds() {
        let reports = Locked<[String]>([])
        let flags = RemoteConfigFlags(
            remote: ["aiChatEnabled": "false"], build: .release, defaults: InMemorySharedDefaults()
        ) { report in
            reports.withLock { $0.append(report) }
        }
        XCTAssertTrue(flags.bool(forKey: "aiChatEnabled", default: true))
        XCTAssertEqual(
            reports.withLock { $0 }, ["feature flag key 'aiChatEnabled' is not snake_case: its default holds"])
    }
}
