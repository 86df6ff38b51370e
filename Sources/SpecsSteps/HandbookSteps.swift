import Foundation
import SpecsRunner
import Telemetry

/// Steps of `Features/observability-handbook.feature`: each drives `HandbookApp`, the
/// handbook's real module; the rules are checked there and in `TelemetryTests`.
extension StepRegistry where World == SeedWorld {
    mutating func registerHandbookSteps() {
        registerHandbookAnalyticsSteps()
        registerHandbookFlagSteps()
        registerHandbookBufferSteps()
        registerHandbookCrashAndLogSteps()
    }

    private mutating func registerHandbookAnalyticsSteps() {
        given("a {word} build") { (world, build: String) in
            guard let configuration = BuildConfiguration(rawValue: build) else {
                throw ExpectationFailure("no build '\(build)'")
            }
            world.handbook.build = configuration
        }
        given("the user is signed in on the screen {string}") { (world, screen: String) in
            world.handbook.context = EventContext(source: .app, userAuthenticated: true, screen: screen)
        }
        when("the app tracks the event {string}") { (world, name: String) in
            await world.handbook.appAnalytics().track(AnalyticsEvent(name))
        }
        when("the app tracks the event {string} with the parameter {string} set to {string}") {
            (world, name: String, key: String, value: String) in
            await world.handbook.appAnalytics().track(AnalyticsEvent(name, parameters: [key: value]))
        }
        when("the share extension tracks the event {string}") { (world, name: String) in
            await world.handbook.extensionAnalytics().track(
                AnalyticsEvent(name, parameters: ["source": "share_extension"]))
        }
        when("consent is withdrawn") { world in world.handbook.consent.update(granted: false) }
        then("the event {string} is {word}") { (world, name: String, outcome: String) in
            try await world.expectEvent(name, outcome: outcome)
        }
        then("the event {string} is not tracked") { (world, name: String) in
            try await world.expectEvent(name, outcome: "not tracked")
        }
        then("the event {string} is sent with the parameters:") { (world, name: String, table: DataTable) in
            let sent = await world.handbook.appBackend.events.first { $0.name == name }
            try expectEqual(
                sent?.parameters, Dictionary(uniqueKeysWithValues: table.rows.map { ($0[0], $0[1]) }),
                "parameters of \(name)")
        }
        then("the event {string} is refused because it holds {}") { (world, name: String, kind: String) in
            let refused = await world.handbook.policy?.refused ?? []
            let violations = refused.first { $0.event.name == name }?.violations ?? []
            try expect(
                violations.contains { if case .personalData(_, kind) = $0 { true } else { false } },
                "\(name) refused for \(kind); refusals: \(violations)")
            try expectEqual(await world.handbook.appBackend.events.map(\.name), [], "events sent")
        }
        then("the share extension sent nothing") { world in
            try expectEqual(await world.handbook.extensionBackend.events, [], "the extension's events")
        }
    }

    private mutating func registerHandbookFlagSteps() {
        given("Remote Config holds {string} for {string}") { (world, value: String, key: String) in
            if !value.isEmpty { world.handbook.remote[key] = value }
        }
        given("the App Group overrides {string} with {string}") { (world, key: String, value: String) in
            world.handbook.appGroup.set(value, forKey: RemoteConfigFlags.overridePrefix + key)
        }
        then("the flag {string} with the default {int} reads {int}") {
            (world, key: String, fallback: Int, expected: Int) in
            try expectEqual(world.handbook.flags.integer(forKey: key, default: fallback), expected, key)
        }
        then("the flag {string} reads {word}") { (world, key: String, expected: String) in
            // The handbook's safe default for a flag that turns on a feature is on.
            try expectEqual(world.handbook.flags.bool(forKey: key, default: true), expected == "true", key)
        }
        then("the key {string} is reported as not snake_case") { (world, key: String) in
            try expectEqual(
                world.handbook.flagReports.withLock { $0 },
                ["feature flag key '\(key)' is not snake_case: its default holds"], "reports")
        }
    }

    private mutating func registerHandbookBufferSteps() {
        given("the share extension buffered the events {string} and {string}") {
            (world, first: String, second: String) in
            for name in [first, second] {
                try world.handbook.buffer.append(AnalyticsEvent(name, parameters: ["source": "share_extension"]))
            }
        }
        given("the share extension buffered the event {string}") { (world, name: String) in
            try world.handbook.buffer.append(AnalyticsEvent(name, parameters: ["source": "share_extension"]))
        }
        given("the extension was stopped while writing another event") { world in
            let handle = try FileHandle(forWritingTo: world.handbook.buffer.file)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(#"{"name":"post_comm"#.utf8))
            try handle.close()
        }
        when("the app launches twice") { world in
            for _ in 0..<2 {
                let analytics = RecordingAnalyticsService()
                let drained = try await world.handbook.buffer.relay(to: analytics)
                world.handbook.relayed += await analytics.events
                world.handbook.lostEvents += drained.unreadable
            }
        }
        then("the app relayed {string}") { (world, names: String) in
            try expectEqual(world.handbook.relayed.map(\.name).joined(separator: ", "), names, "relayed events")
        }
        then("{int} cut-off event was counted as lost") { (world, count: Int) in
            try expectEqual(world.handbook.lostEvents, count, "lost events")
        }
    }

    private mutating func registerHandbookCrashAndLogSteps() {
        when("the app leaves the breadcrumb {string}") { (world, breadcrumb: String) in
            await world.handbook.crash.log(breadcrumb)
        }
        when("the app records a non-fatal error") { world in
            await world.handbook.crash.recordError(HandbookUploadFailed())
        }
        then("crash reporting holds the breadcrumb {string} and {int} error") {
            (world, breadcrumb: String, count: Int) in
            try expectEqual(await world.handbook.crash.breadcrumbs, [breadcrumb], "breadcrumbs")
            try expectEqual(await world.handbook.crash.errors.count, count, "errors")
        }
        when("the app traces {string} fetching {int} and then {int} posts") {
            (world, name: String, first: Int, second: Int) in
            let trace = await world.handbook.performance.startTrace(name)
            await trace.incrementMetric("posts_fetched", by: Int64(first))
            await trace.incrementMetric("posts_fetched", by: Int64(second))
            world.handbook.trace = trace
        }
        then("no trace is reported yet") { world in
            try expectEqual(await world.handbook.performance.finished, [], "traces")
        }
        when("the trace is stopped") { world in await world.handbook.trace?.stop() }
        then("the trace {string} is reported with {string} at {int}") {
            (world, name: String, metric: String, value: Int) in
            try expectEqual(
                await world.handbook.performance.finished, [FinishedTrace(name: name, metrics: [metric: Int64(value)])],
                "traces")
        }
        when("the auth logger logs the private user id {string} and the public status {string}") {
            (world, id: String, status: String) in
            world.handbook.authLogger.info("User ID: \(private: id)")
            world.handbook.authLogger.logPublic(status)
        }
        then("the system log reads:") { (world, table: DataTable) in
            try expectEqual(world.handbook.authLogger.systemLog, table.rows.map { $0[0] }, "system log")
        }
    }
}

private struct HandbookUploadFailed: Error {}

extension SeedWorld {
    /// Whether the app's backend received `name` (`sent`), the policy refused it
    /// (`refused`), or consent kept it from going anywhere (`not tracked`).
    func expectEvent(_ name: String, outcome: String) async throws {
        let sent = await handbook.appBackend.events.contains { $0.name == name }
        let refused = await handbook.policy?.refused.contains { $0.event.name == name } ?? false
        switch outcome {
        case "sent": try expect(sent, "\(name) was sent")
        case "refused": try expect(refused && !sent, "\(name) was refused and not sent")
        case "not tracked": try expect(!sent && !refused, "\(name) went nowhere")
        default: throw ExpectationFailure("no outcome '\(outcome)'")
        }
    }
}
