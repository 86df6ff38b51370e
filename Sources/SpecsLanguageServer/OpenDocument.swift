import Foundation

/// An open document: its text as the editor has it, the analysis answers come from, and
/// where its full check stands.
struct OpenDocument {
    var text: String {
        didSet { lineStartsOfText = nil }
    }
    /// Where each line of `text` starts (UTF-8 offsets), once asked for: a request at a
    /// position reads its line without going through the lines before it.
    private var lineStartsOfText: [Int]?
    /// Counts the edits: a full check of an older version is dropped when it is done.
    var version = 0
    /// The version the editor gave the text, when it gives one.
    var editorVersion: Int?
    /// Why the text may differ from the editor's (a change that could not be read), until the
    /// editor sends the whole text again: nothing is answered or published from it meanwhile.
    var outOfStep: String?
    /// The full check of the text as it is now; nil while an edit waits for one.
    var analysis: FeatureAnalysis?
    /// What is known of the text as it is now: the full check, or the last one with each edit
    /// since applied to the lines it touched (nil until the first check).
    var latest: FeatureAnalysis?
    /// When the last edit came: the full check waits for the editor to pause.
    var editedAt = Date.distantPast
    /// The last full check's diagnostics moved with the edits since (nil until one is published,
    /// or after an edit of the whole text).
    var kept: KeptDiagnostics?
    /// The semantic tokens of the text as it is now, once asked for (nil until then, and after a full check).
    var tokens: DocumentTokens?
    /// The last tokens answered, by result id: the next answer can be an edit of them.
    var sentTokens: (id: String, data: [Int32])?
    /// The version whose diagnostics were last published.
    var publishedVersion = -1
    /// The diagnostics last published, as written, and the version they were of: the same
    /// list is not sent again for the same text.
    var publishedDiagnostics: (version: Int, bytes: [UInt8])?

    init(text: String) {
        self.text = text
    }

    /// How many lines the text has, as the editor counts them.
    mutating func lineCount() -> Int { lineStarts().count }

    /// Line `number` (0-based) without its line end, as `DocumentText.line` reads it.
    mutating func line(_ number: Int) -> Substring {
        let starts = lineStarts()
        guard number >= 0, number < starts.count else { return text[text.endIndex...] }
        let bytes = text.utf8
        let start = bytes.index(bytes.startIndex, offsetBy: starts[number])
        var end =
            number + 1 < starts.count ? bytes.index(bytes.startIndex, offsetBy: starts[number + 1]) : bytes.endIndex
        // Its line end: `\n`, `\r\n`, or (where the editor ends a line there) a lone `\r`.
        var endedByFeed = false
        if end > start, bytes[bytes.index(before: end)] == 10 {
            end = bytes.index(before: end)
            endedByFeed = true
        }
        if end > start, bytes[bytes.index(before: end)] == 13,
            endedByFeed || EditorLineEnds.current.loneCarriageReturnEndsLine
        {
            end = bytes.index(before: end)
        }
        return text[start..<end]
    }

    private mutating func lineStarts() -> [Int] {
        if let known = lineStartsOfText { return known }
        let starts = DocumentText.lineStarts(of: text)
        lineStartsOfText = starts
        return starts
    }

    /// Applies an edit to the text and to what is known of it; false, and nothing changed, when
    /// its range splits a character (see `DocumentText.applying`).
    mutating func apply(_ change: TextChange) -> Bool {
        guard let newText = DocumentText.applying(change, to: text) else { return false }
        // Taken out, so that its steps are changed in place rather than copied.
        var known = latest
        latest = nil
        analysis = nil
        if known?.apply(change, giving: newText) == true { latest = known }
        if kept?.apply(change) != true { kept = nil }
        if latest == nil { kept = nil }
        text = newText
        return true
    }

    /// Takes a full check of the current text as what is known, with its semantic tokens when
    /// they were made with it.
    mutating func checked(_ full: FeatureAnalysis, tokens: DocumentTokens? = nil) {
        analysis = full
        latest = full
        self.tokens = tokens
    }
}
