/// Escapes text for HTML content and attribute values: `& < > " '`, always. Unicode
/// bidirectional embeddings, overrides and isolates a text opens are closed at its end,
/// so a name cannot flip the text that follows it (a status badge read backwards).
enum HTMLEscape {
    static func text(_ raw: String) -> String {
        var result = ""
        result.reserveCapacity(raw.utf8.count)
        var openEmbeddings = 0
        var openIsolates = 0
        for scalar in raw.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}":
                openEmbeddings += 1
                result.unicodeScalars.append(scalar)
            case "\u{202C}":
                openEmbeddings = max(0, openEmbeddings - 1)
                result.unicodeScalars.append(scalar)
            case "\u{2066}", "\u{2067}", "\u{2068}":
                openIsolates += 1
                result.unicodeScalars.append(scalar)
            case "\u{2069}":
                openIsolates = max(0, openIsolates - 1)
                result.unicodeScalars.append(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        for _ in 0..<openEmbeddings { result += "\u{202C}" }
        for _ in 0..<openIsolates { result += "\u{2069}" }
        return result
    }
}
