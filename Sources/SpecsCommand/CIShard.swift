/// `--shard auto`: the share of a CI system's parallel job, read from the variables the CI
/// sets (each names its job's index and the job count; some count from 0, some from 1).
struct CIShard {
    /// A CI system's pair of variables.
    struct Source {
        let system: String
        let index: String
        let total: String
        /// Whether the index counts from 0.
        let zeroBased: Bool
    }

    static let sources = [
        Source(system: "GitLab CI", index: "CI_NODE_INDEX", total: "CI_NODE_TOTAL", zeroBased: false),
        Source(system: "CircleCI", index: "CIRCLE_NODE_INDEX", total: "CIRCLE_NODE_TOTAL", zeroBased: true),
        Source(
            system: "Buildkite", index: "BUILDKITE_PARALLEL_JOB", total: "BUILDKITE_PARALLEL_JOB_COUNT", zeroBased: true
        ),
        Source(
            system: "Azure Pipelines", index: "SYSTEM_JOBPOSITIONINPHASE", total: "SYSTEM_TOTALJOBSINPHASE",
            zeroBased: false),
    ]

    /// This job's shard (1-based) and the count, from the first CI whose variables are set.
    static func shard(in environment: [String: String]) throws(UsageError) -> (index: Int, count: Int) {
        for source in sources {
            guard let indexText = environment[source.index], let totalText = environment[source.total] else { continue }
            let first = source.zeroBased ? 0 : 1
            guard let index = Int(indexText), let total = Int(totalText), OptionRange.shards.contains(total),
                (first...(first + total - 1)).contains(index)
            else {
                throw UsageError(
                    message:
                        "--shard auto: \(source.system)'s \(source.index)=\(indexText) and \(source.total)=\(totalText) "
                        + "are not a job of the count (\(source.total) from 1 to \(OptionRange.shards.upperBound), "
                        + "\(source.index) from \(first) to \(source.total)\(source.zeroBased ? " - 1" : ""))")
            }
            return (source.zeroBased ? index + 1 : index, total)
        }
        let pairs = sources.map { "\($0.system) \($0.index)/\($0.total)" }.joined(separator: ", ")
        throw UsageError(
            message: "--shard auto: this is not a parallel job of a CI system specs knows (\(pairs) are not set); "
                + "give the share yourself, for example --shard ${{ matrix.shard }}/4 on GitHub Actions")
    }
}
