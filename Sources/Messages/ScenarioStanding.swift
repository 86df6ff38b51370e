/// How a scenario stands by its status, in the one order every output lists statuses:
/// the runner's verdict, the terminal's counts, the rerun file and the book all read these
/// instead of keeping lists of their own.
extension TestStepResultStatus {
    /// Scenario statuses from what most needs fixing to what needs nothing: the statuses that
    /// fail a run (worst first), then a scenario that never finished (`unknown`), skipped, passed.
    public static let worstFirst: [TestStepResultStatus] = [
        .failed, .ambiguous, .undefined, .pending, .unknown, .skipped, .passed,
    ]

    /// Whether a scenario that ended with this status did not pass: it fails the run, or it
    /// never finished.
    public var needsAttention: Bool { failsRun || self == .unknown }
}
