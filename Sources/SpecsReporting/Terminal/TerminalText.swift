/// Text from outside (a scenario's name, a step, a failure message, a file's name) as a
/// terminal may show it: every control character but the line feed and the tab written
/// out as `\u{1B}`, so that an escape sequence in a feature file or a message cannot
/// retitle the window, clear the screen or colour what follows. Only the palette's own
/// codes reach the terminal raw.
package enum TerminalText {
    /// `text` with its control characters (C0 but line feed and tab, DEL, C1) written out.
    package static func escape(_ text: String) -> String {
        // Most text has none: one pass over the bytes says so (0xC2 leads every C1 character).
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 })
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
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
    }
}
