import Telemetry
import XCTest

final class CrashPerformanceAndLoggingTests: XCTestCase {
    private struct UploadFailed: Error {}

    func test_recordError_nonFatalErrorsAndBreadcrumbs_reachCrashReporting() async {
        let crash = RecordingCrashReportingService()
        let observability = Observability(
            analytics: NoOpAnalyticsService(), flags: Observability.disabled.flags, crash: crash,
            performance: NoOpPerformanceTraceService())
        await observability.crash.log("User started post creation")
        await observability.crash.setCustomValue("v2", forKey: "api_version")
        await observability.crash.recordError(UploadFailed())
        let actual3 = await crash.breadcrumbs
        XCTAssertEqual(actual3, ["User started post creation"])
        let actual4 = await crash.customValues
        XCTAssertEqual(actual4, ["api_version": "v2"])
        let actual5 = await crash.errors
        XCTAssertEqual(actual5, ["UploadFailed()"])
    }

    func test_stop_traceWithMetrics_isReportedOnceWithThemAndTakesNoMore() async {
        let performance = RecordingPerformanceTraceService()
        let trace = await performance.startTrace("fetch_posts")
        await trace.incrementMetric("posts_fetched", by: 20)
        await trace.incrementMetric("posts_fetched", by: 5)
        let actual6 = await performance.finished
        XCTAssertEqual(actual6, [])
        await trace.stop()
        await trace.incrementMetric("posts_fetched", by: 1)
        await trace.stop()
        let actual7 = await performance.finished
        XCTAssertEqual(actual7, [FinishedTrace(name: "fetch_posts", metrics: ["posts_fetched": 25])])
    }

    func test_info_privateValuesAreRedactedAndPublicOnesVisible() {
        let logger = AppLogger(category: "auth")
        logger.info("User ID: \(private: "u-42") signed in with \(public: "email")")
        logger.logPrivate("token abc")
        logger.logPublic("HTTP 200 OK")
        XCTAssertEqual(
            logger.systemLog,
            ["[auth] User ID: <private> signed in with email", "[auth] <private>", "[auth] HTTP 200 OK"])
    }

    func test_disabled_facadeSendsNothingAndFlagsKeepTheirDefaults() async {
        await Observability.disabled.analytics.track(AnalyticsEvent("post_created"))
        XCTAssertEqual(Observability.disabled.flags.integer(forKey: "max_post_attachments", default: 10), 10)
    }
}
