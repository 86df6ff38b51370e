import Messages
import XCTest

@testable import SpecsReporting

final class ShardCheckTests: XCTestCase {
    /// A stream of `shard` of `shards`: its metadata and its end, nothing else.
    private func stream(
        _ path: String, shard: Int, of shards: Int, selected: Int = 4, planned: Int = 2,
        change: (inout RunMetadata) -> Void = { _ in }
    ) -> (path: String, envelopes: [Envelope]) {
        var metadata = RunMetadata(suite: "s", shard: shard, shards: shards, selected: selected, planned: planned)
        change(&metadata)
        let time = Timestamp(seconds: 1, nanos: 0)
        return (
            path,
            [
                .testRunStarted(TestRunStarted(timestamp: time, id: "run")),
                .attachment(
                    Attachment(
                        body: metadata.body, contentEncoding: .identity, mediaType: RunMetadata.mediaType,
                        testRunStartedId: "run", timestamp: time)),
                .testRunFinished(TestRunFinished(success: true, timestamp: time, testRunStartedId: "run")),
            ]
        )
    }

    func test_init_shardCountNear2Pow63_listsAFewMissingShardsAtOnce() {
        let check = ShardCheck([stream("a", shard: 1, of: Int.max)])
        XCTAssertEqual(check.problems.count, 1)
        XCTAssertTrue(
            check.problems[0].hasPrefix("shards 2, 3, 4, 5, 6 and 9223372036854775801 more of 9223372036854775807"),
            check.problems[0])
    }

    func test_init_shardOutOfItsRange_isAProblemNotACrash() {
        for (shard, shards) in [(0, 2), (3, 2), (1, 0), (-1, Int.min)] {
            let check = ShardCheck([stream("a", shard: shard, of: shards)])
            let problem = check.problems.first ?? ""
            XCTAssertTrue(problem.contains("its run metadata is out of range"), problem)
        }
    }

    func test_init_plansFromOtherDurations_explainTheScenariosInNoShardOrAreAWarning() {
        let plan =
            "the shards were planned from different inputs (give every shard the same --shard-durations): "
            + "b from an even split (no durations); a from durations 01"
        let whole = ShardCheck([
            stream("a", shard: 1, of: 2) { $0.plan = "durations 01" },
            stream("b", shard: 2, of: 2) { $0.plan = "count" },
        ])
        XCTAssertEqual(whole.problems, [])
        XCTAssertEqual(whole.warnings, [plan])
        let lacking = ShardCheck([
            stream("a", shard: 1, of: 2) {
                $0.plan = "durations 01"
                $0.scenarios = ["f": [3]]
            },
            stream("b", shard: 2, of: 2) {
                $0.plan = "count"
                $0.scenarios = ["f": [3]]
            },
        ])
        XCTAssertEqual(lacking.problems, [plan, "1 of the suite's 4 scenarios ran in no shard: f:3"])
    }

    func test_init_missingShardOfANamedSuite_namesItsScenarios() {
        let suite = ["f.feature": [3, 6, 9, 12]]
        let check = ShardCheck([stream("a", shard: 1, of: 2) { $0.scenarios = suite }])
        XCTAssertEqual(check.scenariosInNoStream, ["f.feature:3", "f.feature:6", "f.feature:9", "f.feature:12"])
    }

    func test_init_streamWithoutMetadata_isAProblemUnlessAllowed() {
        let bare = (path: "old", envelopes: [Envelope]([]))
        XCTAssertTrue(ShardCheck([bare]).problems.isEmpty, "a stream without its end is the run's incomplete problem")
        let ended: [Envelope] = [
            .testRunFinished(
                TestRunFinished(success: true, timestamp: Timestamp(seconds: 1, nanos: 0), testRunStartedId: "run"))
        ]
        XCTAssertEqual(ShardCheck([("old", ended)]).problems.count, 1)
        XCTAssertEqual(ShardCheck([("old", ended)], allowingUnchecked: true).problems, [])
        XCTAssertEqual(ShardCheck([("old", ended)], allowingUnchecked: true).unchecked, ["old"])
    }

    func test_init_missingShardsThatHeldNoScenario_sayTheyHeldNone() {
        let one = ShardCheck([
            stream("a", shard: 1, of: 3, selected: 2, planned: 2),
            stream("b", shard: 2, of: 3, selected: 2, planned: 0),
        ])
        XCTAssertEqual(
            one.problems,
            [
                "shard 3 of 3 is missing: it held none of the suite's 2 scenarios, but every shard's stream is part of the run"
            ])
        let two = ShardCheck([stream("a", shard: 1, of: 3, selected: 2, planned: 2)])
        XCTAssertEqual(
            two.problems,
            [
                "shards 2, 3 of 3 are missing: they held none of the suite's 2 scenarios, but every shard's stream is "
                    + "part of the run"
            ])
    }

    func test_init_shardWhoseStreamIsCutOff_isSaidCutOffNotMissing() {
        let started: [Envelope] = [
            .testRunStarted(TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "run"))
        ]
        let check = ShardCheck([stream("a", shard: 1, of: 2, planned: 4), ("b", started)])
        XCTAssertEqual(
            check.problems,
            [
                "b ends before its run finished (no testRunFinished): its run died or was cut",
                "shard 2 of 2 has no finished stream (b is cut off before telling which shard it ran)",
            ])
        XCTAssertFalse(check.problems.joined().contains("missing"), check.problems.joined())
    }
}
