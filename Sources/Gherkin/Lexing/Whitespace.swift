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
