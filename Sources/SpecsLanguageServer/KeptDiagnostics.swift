/// The diagnostics a document's last full check published, moved with each edit since: those
/// on the lines an edit replaces are dropped, those below it move by the lines it adds or
/// removes. With the diagnostics of the steps typed since, they are published within the
/// editor's pause, before the next full check lands and replaces them.
///
/// Each is kept written as JSON (`EncodedDiagnostic`): a file of thousands of undefined steps
/// publishes them all after every edit, and writing them anew each time made every keystroke
/// wait for megabytes of JSON.
struct KeptDiagnostics {
    /// The diagnostics, in the order published.
    private(set) var items: [EncodedDiagnostic]

    /// Writes each of `diagnostics` as JSON: made with the full check, off the thread that answers.
    init(_ diagnostics: [[String: Any]]) {
        items = diagnostics.map(EncodedDiagnostic.init)
    }

    /// The diagnostics as they stand now, after `notes`, with `added` (the diagnostics of steps
    /// typed since, in line order) among the steps' own: a publication's list, in the order the
    /// full check writes it, so that the check, when it finds the same, publishes nothing again.
    func list(notes: [[String: Any]] = [], adding added: [[String: Any]] = []) -> JSONText.Encoded {
        let typed = added.map(EncodedDiagnostic.init)
        var out: [UInt8] = [UInt8(ascii: "[")]
        out.reserveCapacity(items.reduce(64) { $0 + $1.size } + typed.reduce(0) { $0 + $1.size })
        var first = true
        func comma() {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
        }
        for note in notes {
            comma()
            out += JSONText.encode(note)
        }
        var next = 0
        for item in items {
            while item.ofAStep, next < typed.count, typed[next].line < item.line {
                comma()
                typed[next].write(to: &out)
                next += 1
            }
            comma()
            item.write(to: &out)
        }
        for diagnostic in typed[next...] {
            comma()
            diagnostic.write(to: &out)
        }
        out.append(UInt8(ascii: "]"))
        return JSONText.Encoded(bytes: out)
    }

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
        }
        return true
    }
}

/// A diagnostic written as JSON once, its line left open: one that an edit moves is written
/// again at its new line without being encoded again. Diagnostics cover one line.
struct EncodedDiagnostic {
    /// Its line (0-based).
    var line: Int
    /// Whether it is a step's (`StepDiagnostics`): those come last, in line order.
    let ofAStep: Bool
    /// Its JSON with its line left out: `bytes` cut at each of `cuts`, where the line is written
    /// (a range's start and end).
    private let bytes: [UInt8]
    private let cuts: [Int]

    init(_ diagnostic: [String: Any]) {
        line = Self.line(of: diagnostic)
        ofAStep = (diagnostic["code"] as? String).map(StepDiagnostics.codes.contains) ?? false
        // Written with a line no diagnostic has, then cut where it stands: `"line":-1` with its
        // quotes bare is a key, never part of a string (whose quotes are escaped).
        let written = JSONText.encode(Self.placed(diagnostic, on: -1))
        let mark = Array(#""line":-1"#.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(written.count)
        var cuts: [Int] = []
        var index = 0
        while index < written.count {
            if written[index] == mark[0], index + mark.count <= written.count,
                written[index..<index + mark.count].elementsEqual(mark)
            {
                bytes += Self.key
                cuts.append(bytes.count)
                index += mark.count
            } else {
                bytes.append(written[index])
                index += 1
            }
        }
        self.bytes = bytes
        self.cuts = cuts
    }

    /// What stands before each line number.
    private static let key = Array(#""line":"#.utf8)

    /// About how many bytes it takes.
    var size: Int { bytes.count + 8 * cuts.count }

    /// Appends its JSON, at its line, to `out`.
    func write(to out: inout [UInt8]) {
        var start = 0
        for cut in cuts {
            out += bytes[start..<cut]
            Self.appendDigits(of: line, to: &out)
            start = cut
        }
        out += bytes[start...]
    }

    /// The decimal digits of `number` (not negative).
    private static func appendDigits(of number: Int, to out: inout [UInt8]) {
        guard number >= 10 else {
            out.append(UInt8(ascii: "0") + UInt8(max(0, number)))
            return
        }
        appendDigits(of: number / 10, to: &out)
        out.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    private static func line(of diagnostic: [String: Any]) -> Int {
        ((diagnostic["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int ?? 0
    }

    /// The diagnostic with its range on `line`.
    private static func placed(_ diagnostic: [String: Any], on line: Int) -> [String: Any] {
        guard var range = diagnostic["range"] as? [String: Any] else { return diagnostic }
        for end in ["start", "end"] {
            if var position = range[end] as? [String: Any] {
                position["line"] = line
                range[end] = position
            }
        }
        var placed = diagnostic
        placed["range"] = range
        return placed
    }
}
