/// The figures the page's header and contents read, summed over the book's features.
/// Counted here, not taken from the run's tally (`StatusCounts`): the book shows each
/// chapter's own figures, by the book's names, where a scenario that never started is
/// `not-run` (no step status), and it adds outlines and traceability rows the tally lacks.
/// Each scenario's status is read from its result, never decided again.
struct BookFigures {
    /// Scenario results: one per scenario, one per example row of an outline.
    var results = 0
    /// Scenarios as the book shows them: an outline is one.
    var scenarios = 0
    /// Results by the report's status names.
    var counts: [String: Int] = [:]
    var steps = 0
    /// Results that need attention (failed, ambiguous, undefined, pending, unknown).
    var attention = 0
    /// Traceability rows, and those verified by a passing test.
    var rows = 0
    var verifiedRows = 0

    /// Verified rows as a percentage of all (100 when there are none).
    var coverage: Double { rows == 0 ? 100 : Double(verifiedRows) * 100 / Double(rows) }

    init() {}

    init(_ entry: ReportBook.FeatureEntry) {
        for scenario in entry.scenarios {
            scenarios += 1
            rows += scenario.rows.count
            verifiedRows += scenario.rows.filter(\.covered).count
            for result in scenario.results {
                let status = ReportBook.status(result)
                results += 1
                counts[status, default: 0] += 1
                steps += result.stepStatuses.values.reduce(0, +)
                if ReportBook.needsAttention(status) { attention += 1 }
            }
        }
    }

    mutating func add(_ other: BookFigures) {
        results += other.results
        scenarios += other.scenarios
        counts.merge(other.counts, uniquingKeysWith: +)
        steps += other.steps
        attention += other.attention
        rows += other.rows
        verifiedRows += other.verifiedRows
    }
}

/// What the page keeps of a feature once its parts are written: its figures, its lines in
/// the contents while the book is small, and where its parts are in the binder's spill.
struct FeatureChapter {
    let uri: String
    let folder: String
    let name: String
    let figures: BookFigures
    /// Scenarios verified by a passing test.
    let verifiedScenarios: Int
    /// Its scenarios as the contents list them; nil once the book is too large to list scenarios.
    var contents: String?
    /// Its heading (`HTMLPage.featureHeading`), its data (`HTMLPage.chapterJSON`) and its
    /// entries of what needs attention (`HTMLPage.attentionJSON`) in the spill.
    let heading: Range<Int>
    let data: Range<Int>
    let attention: Range<Int>
    let attentionCount: Int
}
