/// The ranges of the numeric options, read from the command line, the environment or
/// `specs.json` alike: a value outside its range (or not a number) is a usage error naming
/// the option and the range, never a number the run cannot hold.
enum OptionRange {
    /// `--retry`: more attempts of a failing scenario.
    static let retry = 0...100
    /// `--parallel`: scenarios (workers) at once.
    static let parallel = 1...1024
    /// `--shard i/n` and `--shard auto`: the count of shards.
    static let shards = 1...10_000
    /// `--timeout`: seconds, more than 0 (values under a millisecond are taken as one).
    static let timeout = 0.0...1_000_000

    /// The whole number `text` gives `option`, when it is in `range`.
    static func whole(_ text: String, of option: Option, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                message:
                    "\(option.name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
            )
        }
        return value
    }

    /// The seconds `text` gives `--timeout`: finite, more than 0, at most the range's end.
    static func seconds(_ text: String) throws(UsageError) -> Double {
        guard let value = Double(text), value.isFinite, value > timeout.lowerBound, value <= timeout.upperBound else {
            throw UsageError(
                message:
                    "\(Option.timeout.name) takes seconds, more than 0 and at most \(Int(timeout.upperBound)), not '\(text)'"
            )
        }
        return value
    }
}
