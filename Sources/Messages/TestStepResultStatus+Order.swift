/// Statuses ordered from best to worst, in the schema's order of the values (`UNKNOWN`,
/// `PASSED`, `SKIPPED`, `PENDING`, `UNDEFINED`, `AMBIGUOUS`, `FAILED`): worst last.
extension TestStepResultStatus: Comparable {
    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// Whether `lhs` comes before `rhs`: it is the better of the two.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    /// A test case's status from its steps' statuses: the worst of them, passed for none.
    /// The one place a test case's status is decided: the runner, a worker's supervisor and
    /// the ledger all ask it.
    public static func testCase(of steps: some Sequence<TestStepResultStatus>) -> TestStepResultStatus {
        steps.reduce(.passed) { $0.combined(with: $1) }
    }

    /// A test case's status so far (`self`) once another of its steps has ended.
    public func combined(with step: TestStepResultStatus) -> TestStepResultStatus { Swift.max(self, step) }

    /// Whether this status fails a strict run.
    public var failsRun: Bool {
        switch self {
        case .passed, .skipped, .unknown: false
        case .pending, .undefined, .ambiguous, .failed: true
        }
    }
}
