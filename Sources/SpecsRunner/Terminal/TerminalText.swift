/// Text from outside (a scenario's name, a step, a failure message, a file's name) as a
/// terminal may show it: every control character but the line feed and the tab written
/// out as `\u{1B}`, so that an escape sequence in a feature file or a message cannot
/// retitle the window, clear the screen or colour what follows. Only the palette's own
/// codes reach the terminal raw. The bidirectional overrides and isolates (U+202A to U+202E,
/// U+2066 to U+2069) are written out too: they reorder what a terminal shows after them.
package enum TerminalText {
    /// `text` with its control characters (C0 but line feed and tab, DEL, C1) written out.
    package static func escape(_ text: String) -> String {
        // Most text has none: one pass over the bytes says so (0xC2 leads every C1 character,
        // 0xE2 the bidirectional controls).
        guard
            text.utf8.contains(where: {
                ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2
            })
        else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// Whether a terminal takes `scalar` as a control rather than as a character to show.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
