/// Whether a word is a keyword mistyped: two neighbouring letters swapped (`Gievn`, `Adn`),
/// or, in a keyword of four letters or more, one letter doubled (`Whenn`) or missing, extra
/// or changed inside it (`Thn`, `Givrn`), a changed letter being one a neighbouring key
/// types. A changed, missing or extra first or last letter, which turns a keyword into
/// another word (`The`, `Them`, `Any`, `Out`, `Gives`), is no typo, nor a changed letter far
/// from the meant one on the keyboard (`Than`, `Thin`, `Denn`); nor is a word written
/// otherwise than the keyword (`THEN` for `Then`, `given` for `Given`), nor an English word one
/// letter inside away from an English keyword (`Ten` for `Then`, `Wen` for `When`).
enum Typo {
    /// English words one letter inside away from an English step keyword: prose.
    static let words: Set<String> = ["Ten", "Wen"]

    /// How many bytes apart a near miss and its keyword are at most: a character's (4).
    static let mostBytesApart = 4

    static func isNearMiss(_ word: String, of keyword: String) -> Bool {
        // A near miss starts with the keyword's first letter, or its second (`Gievn`, `iGven`):
        // most words do not, which bytes tell at once when the word starts in ASCII.
        if let start = word.utf8.first, start < 0x80, let first = keyword.utf8.first {
            let second = keyword.utf8.dropFirst().first ?? 0
            guard start | 0x20 == first | 0x20 || start | 0x20 == second | 0x20 else { return false }
        }
        // One letter apart is at most a character's bytes apart: most words are further.
        guard abs(word.utf8.count - keyword.utf8.count) <= mostBytesApart, word != keyword, !words.contains(word),
            word.allSatisfy({ $0.isLetter || $0 == " " || $0 == "'" }),
            let first = word.first, let keywordFirst = keyword.first, first.isUppercase == keywordFirst.isUppercase,
            isShouting(word) == isShouting(keyword)
        else { return false }
        let written = Array(word.lowercased())
        let meant = Array(keyword.lowercased())
        guard meant.count >= 3 else { return false }
        if written.count == meant.count {
            let differing = meant.indices.filter { written[$0] != meant[$0] }
            if differing.count == 2, differing[1] == differing[0] + 1,
                written[differing[0]] == meant[differing[1]], written[differing[1]] == meant[differing[0]]
            {
                return true
            }
            guard meant.count >= 4, differing.count == 1, let index = differing.first else { return false }
            return index > 0 && index < meant.count - 1 && areNeighbours(written[index], meant[index])
        }
        guard meant.count >= 4 else { return false }
        if written.count == meant.count - 1 {
            return (1..<meant.count - 1).contains { removing($0, from: meant) == written }
        }
        if written.count == meant.count + 1 {
            return written.indices.contains { index in
                guard removing(index, from: written) == meant else { return false }
                let inside = index > 0 && index < written.count - 1
                let doubled =
                    (index > 0 && written[index - 1] == written[index])
                    || (index < written.count - 1 && written[index + 1] == written[index])
                return inside || doubled
            }
        }
        return false
    }

    private static func removing(_ index: Int, from letters: [Character]) -> [Character] {
        Array(letters[..<index] + letters[(index + 1)...])
    }

    /// Whether two letters are neighbouring keys of a QWERTY keyboard (of QWERTZ and AZERTY
    /// too, mostly); letters beyond `a` to `z` (`é` for `e`) are taken as neighbours.
    private static func areNeighbours(_ a: Character, _ b: Character) -> Bool {
        let rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"].map(Array.init)
        func place(_ letter: Character) -> (row: Int, column: Int)? {
            for (row, keys) in rows.enumerated() {
                if let column = keys.firstIndex(of: letter) { return (row, column) }
            }
            return nil
        }
        guard let p = place(a), let q = place(b) else { return true }
        // Each row sits half a key to the right of the one above: a key touches the two below it.
        switch q.row - p.row {
        case 0: return abs(q.column - p.column) == 1
        case 1: return q.column == p.column || q.column == p.column - 1
        case -1: return p.column == q.column || p.column == q.column - 1
        default: return false
        }
    }

    private static func isShouting(_ word: String) -> Bool {
        word.count > 1 && word.allSatisfy { !$0.isLetter || $0.isUppercase }
    }
}
