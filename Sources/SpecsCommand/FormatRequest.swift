import SpecsReporting

/// `--format name[:path]`: a format and where it goes (standard output without a path).
struct FormatRequest: Sendable, Hashable {
    let name: String
    let path: String?
    /// Whether a colon is followed by nothing, or spaces alone (`junit:`): a variable left empty, most likely.
    let hasEmptyPath: Bool

    init(_ argument: String) {
        if let colon = argument.firstIndex(of: ":") {
            name = String(argument[..<colon])
            let rest = String(argument[argument.index(after: colon)...])
            // Nothing but spaces is no path either (`junit: ` of a variable left empty, quoted).
            let blank = rest.allSatisfy { $0 == " " || $0 == "\t" }
            path = blank || rest == "-" ? nil : rest
            hasEmptyPath = blank
        } else {
            name = argument
            path = nil
            hasEmptyPath = false
        }
    }

    /// Refuses a request whose path is empty (`--format junit:$UNSET`): it would go to
    /// standard output, where nobody looks for the file.
    static func checkPaths(_ requests: [FormatRequest]) throws {
        guard let empty = requests.first(where: \.hasEmptyPath) else { return }
        throw UsageError(
            message: "--format \(empty.name): has nothing after the colon (a variable left empty?): give a path, or "
                + "'\(empty.name)' alone (or '\(empty.name):-') for standard output")
    }

    /// Whether it writes to standard output: without a path, or to one naming it
    /// (`/dev/stdout`, the file standard output is redirected to).
    var writesToStandardOutput: Bool { path.map { ReportDestination($0) == .standardOutput } ?? true }

    /// Whether these requests put a format for people (not a stream) on standard output:
    /// then the run's verdict closes standard output, else standard error.
    static func humanOnStdout(_ requests: [FormatRequest]) -> Bool {
        requests.contains { $0.writesToStandardOutput && forPeople.contains($0.name) }
    }

    /// The formats for people, not read back by a program: the last lines may follow them.
    static let forPeople: Set = ["pretty", "progress", "summary"]

    static let known = [
        "pretty", "progress", "summary", "message", "junit", "json", "html", "traceability", "traceability-json",
        "usage", "rerun",
    ]
}
