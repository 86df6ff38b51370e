/// Escapes text for HTML content and attribute values: `& < > " '`, always. A text with
/// right-to-left letters or bidirectional controls is isolated (first-strong isolate ...
/// pop directional isolate), and the embeddings, overrides and isolates it opens are closed,
/// innermost first, before its end: a name cannot flip the text around it (a status badge
/// or a count read backwards).
enum HTMLEscape {
    static func text(_ raw: String) -> String {
        var result = ""
        result.reserveCapacity(raw.utf8.count)
        /// The closers of the embeddings and isolates the text opened, innermost last.
        var open: [Unicode.Scalar] = []
        var bidirectional = false
        for scalar in raw.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}":
                bidirectional = true
                open.append("\u{202C}")
                result.unicodeScalars.append(scalar)
            case "\u{2066}", "\u{2067}", "\u{2068}":
                bidirectional = true
                open.append("\u{2069}")
                result.unicodeScalars.append(scalar)
            case "\u{202C}", "\u{2069}":
                // A closer closes what it matches (and, for an isolate, what was opened inside it).
                if let index = open.lastIndex(of: scalar) { open.removeSubrange(index...) } else { continue }
                result.unicodeScalars.append(scalar)
            default:
                if !bidirectional && scalar.value >= 0x0590 && Self.isRightToLeftOrControl(scalar) {
                    bidirectional = true
                }
                result.unicodeScalars.append(scalar)
            }
        }
        guard bidirectional else { return result }
        for closer in open.reversed() { result.unicodeScalars.append(closer) }
        return "\u{2068}" + result + "\u{2069}"
    }

    /// Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko ... and their presentation
    /// forms) and the right-to-left marks.
    private static func isRightToLeftOrControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        case 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }
}
