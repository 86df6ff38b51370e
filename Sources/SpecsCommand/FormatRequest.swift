/// `--format name[:path]`: a format and where it goes (standard output without a path).
struct FormatRequest: Sendable, Hashable {
    let name: String
    let path: String?

    init(_ argument: String) {
        if let colon = argument.firstIndex(of: ":") {
            name = String(argument[..<colon])
            let rest = String(argument[argument.index(after: colon)...])
            path = rest.isEmpty || rest == "-" ? nil : rest
        } else {
            name = argument
            path = nil
        }
    }

    /// Whether these requests put a format for people (not a stream) on standard output:
    /// then the run's verdict closes standard output, else standard error.
    static func humanOnStdout(_ requests: [FormatRequest]) -> Bool {
        requests.contains { $0.path == nil && ["pretty", "progress", "summary"].contains($0.name) }
    }

    static let known = [
        "pretty", "progress", "summary", "message", "junit", "json", "html", "traceability", "traceability-json",
        "usage", "rerun",
    ]
}
