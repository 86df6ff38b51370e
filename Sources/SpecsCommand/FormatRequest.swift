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

    static let known = ["pretty", "progress", "summary", "message", "junit", "json", "html", "traceability", "traceability-json", "usage"]
}
