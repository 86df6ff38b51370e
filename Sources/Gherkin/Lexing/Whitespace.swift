extension Unicode.Scalar {
    /// Whitespace as the reference parsers strip it (the Unicode White_Space property).
    var isGherkinWhitespace: Bool {
        switch value {
        case 0x20, 0x09...0x0D: return true
        case 0..<0x80: return false
        default: return properties.isWhitespace
        }
    }
}

extension Substring {
    /// The text without leading whitespace, and how many scalars were removed.
    func trimmingLeadingWhitespace() -> (rest: Substring, indent: Int) {
        var index = unicodeScalars.startIndex
        var indent = 0
        while index < unicodeScalars.endIndex, unicodeScalars[index].isGherkinWhitespace {
            unicodeScalars.formIndex(after: &index)
            indent += 1
        }
        return (self[index...], indent)
    }

    /// The text without trailing whitespace.
    func trimmingTrailingWhitespace() -> Substring {
        var end = unicodeScalars.endIndex
        while end > unicodeScalars.startIndex {
            let before = unicodeScalars.index(before: end)
            guard unicodeScalars[before].isGherkinWhitespace else { break }
            end = before
        }
        return self[..<end]
    }

    /// The text without whitespace at either end.
    func trimmingWhitespace() -> Substring {
        trimmingLeadingWhitespace().rest.trimmingTrailingWhitespace()
    }

    /// The text without trailing carriage returns and line feeds.
    func trimmingLineEnd() -> Substring {
        var end = utf8.endIndex
        while end > utf8.startIndex {
            let before = utf8.index(before: end)
            let byte = utf8[before]
            guard byte == 0x0A || byte == 0x0D else { break }
            end = before
        }
        return self[..<end]
    }
}
