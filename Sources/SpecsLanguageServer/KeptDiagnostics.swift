/// The diagnostics a document's last full check published, moved with each edit since: those
/// on the lines an edit replaces are dropped, those below it move by the lines it adds or
/// removes. With the diagnostics of the steps typed since, they are published within the
/// editor's pause, before the next full check lands and replaces them.
struct KeptDiagnostics {
    /// Each diagnostic with its line (0-based), in the order published.
    private(set) var items: [(line: Int, diagnostic: [String: Any])]

    init(_ diagnostics: [[String: Any]]) {
        items = diagnostics.map { (Self.line(of: $0), $0) }
    }

    /// The diagnostics as they stand now.
    var diagnostics: [[String: Any]] { items.map(\.diagnostic) }

    /// Moves the diagnostics past an edit; false when the edit replaces the whole text.
    mutating func apply(_ change: TextChange) -> Bool {
        guard let range = change.range else { return false }
        let first = range.start.line
        let last = max(first, range.end.line)
        let added = change.text.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
        let delta = added - (last - first)
        items.removeAll { $0.line >= first && $0.line <= last }
        guard delta != 0 else { return true }
        for index in items.indices where items[index].line > last {
            items[index].line += delta
            items[index].diagnostic = Self.moved(items[index].diagnostic, to: items[index].line)
        }
        return true
    }

    private static func line(of diagnostic: [String: Any]) -> Int {
        ((diagnostic["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int ?? 0
    }

    /// The diagnostic with its range on `line`: diagnostics cover one line.
    private static func moved(_ diagnostic: [String: Any], to line: Int) -> [String: Any] {
        guard var range = diagnostic["range"] as? [String: Any] else { return diagnostic }
        for end in ["start", "end"] {
            if var position = range[end] as? [String: Any] {
                position["line"] = line
                range[end] = position
            }
        }
        var moved = diagnostic
        moved["range"] = range
        return moved
    }
}
