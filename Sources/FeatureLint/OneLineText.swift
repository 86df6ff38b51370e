extension String {
    /// The text written on one line: control characters other than a tab, and the Unicode
    /// line and paragraph separators, as escapes (`\n`, `\r`, `\u{1B}`), so that a message
    /// that quotes a name (a cell `x\ny`) stays the one line editors read.
    package var oneLine: String {
        func breaks(_ scalar: Unicode.Scalar) -> Bool {
            scalar != "\t"
                && (scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}")
        }
        guard unicodeScalars.contains(where: breaks) else { return self }
        var written = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": written += "\\n"
            case "\r": written += "\\r"
            case _ where breaks(scalar): written += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: written.unicodeScalars.append(scalar)
            }
        }
        return written
    }
}
