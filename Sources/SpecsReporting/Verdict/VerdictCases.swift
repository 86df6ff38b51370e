import SpecsRunner

/// What a report of scenarios (JUnit, Cucumber JSON) shows of the verdict beside its
/// scenarios, decided here once for both: each feature file that does not parse is a case of
/// its own (`parse error`); and a failed verdict that no failed scenario and no such file
/// shows (a shard missing, a dry run merged, an interruption, a report not written) is one
/// case `run` (`verdict`) with every problem, so that a failed run never reads as all passed.
package enum VerdictCases {
    /// A case of the verdict: its name, the type of its failures and each failure's message.
    package typealias Case = (name: String, type: String, problems: [String])

    /// The cases `verdict` adds to a report whose scenarios include `failedScenarios` failed ones.
    package static func cases(of verdict: RunVerdict, failedScenarios: Int) -> [Case] {
        var cases: [Case] = []
        for problem in verdict.problems {
            guard case .unparsableFiles(let places) = problem else { continue }
            cases += places.map {
                (name: $0, type: "parse error", problems: ["the feature file does not parse: \($0)"])
            }
        }
        if !verdict.passed && failedScenarios == 0 && cases.isEmpty {
            cases.append((name: "run", type: "verdict", problems: verdict.problems.map(VerdictText.sentence)))
        }
        return cases
    }
}
