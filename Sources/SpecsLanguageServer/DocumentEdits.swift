/// The edits that turn a document's text into another: only the lines that differ replaced,
/// lines counted as the protocol counts them (`\n`, `\r\n` and a lone `\r` each end one).
enum DocumentEdits {
    /// One edit: a range of the old text and what replaces it.
    typealias Edit = (range: TextRange, newText: String)

    /// The differing middles of up to this many lines (old and new) are compared for their
    /// shortest difference; larger ones line for line when their line counts agree, else
    /// replaced whole.
    static let largestCompared = 4000

    /// The edits from `old` to `new`, in document order and apart; none when they are equal.
    /// In a text whose lines end mixed (some `\r\n`, some `\n`), lines that differ only in
    /// that line end are left as they are: an editor shows such a file with one line end
    /// and keeps the other as part of the lines, so an edit of them would never settle.
    /// An edit through a last line without a line end ends at the document's end, or with
    /// `endPastLastLine` at the start of the line after it: Neovim reads that end alone as
    /// "through the final line end", and writes one more line end after the new text's otherwise.
    static func edits(from old: String, to new: String, endPastLastLine: Bool = false) -> [Edit] {
        let edits = linesThatDiffer(from: old, to: new, endPastLastLine: endPastLastLine)
        // An editor that makes every `\r` of a new text a line break (Neovim) is never sent one
        // where the text keeps it: the same result is edited again between the lone `\r`s, each
        // stretch apart, the `\r`s left where they are.
        guard !EditorLineEnds.current.loneCarriageReturnEndsLine, edits.contains(where: { breaks($0.newText) })
        else { return edits }
        var target = old
        for edit in edits.reversed() {
            guard let applied = DocumentText.applying(TextChange(range: edit.range, text: edit.newText), to: target)
            else { return edits }
            target = applied
        }
        guard
            let apart = aroundLoneReturns(
                Array(old.utf16), Array(target.utf16), before: DocumentText.segments(old),
                endPastLastLine: endPastLastLine),
            !apart.contains(where: { breaks($0.newText) })
        else { return edits }
        return apart
    }

    /// Whether a new text holds a `\r` that is not the start of a `\r\n` in it: one Neovim
    /// makes a line break.
    private static func breaks(_ text: String) -> Bool { !loneReturns(Array(text.utf16)).isEmpty }

    /// Whether some edit's new text holds a `\r` that starts no `\r\n` in it.
    static func holdLoneReturns(_ edits: [Edit]) -> Bool { edits.contains { breaks($0.newText) } }

    /// Where `units` hold a `\r` that starts no `\r\n`.
    private static func loneReturns(_ units: [UInt16]) -> [Int] {
        units.indices.filter { units[$0] == 13 && ($0 + 1 == units.count || units[$0 + 1] != 10) }
    }

    /// The edits of the lines that differ (see `edits`).
    private static func linesThatDiffer(from old: String, to new: String, endPastLastLine: Bool) -> [Edit] {
        guard old.utf8.elementsEqual(new.utf8) == false else { return [] }
        let before = DocumentText.segments(old)
        let after = DocumentText.segments(new)
        let mixed = endsMixed(before)
        // The line as compared: without its line end when lines end mixed and it is `\r\n` or `\n`.
        func key(_ line: Substring) -> Substring.UTF8View {
            guard mixed, line.utf8.last == 10 else { return line.utf8 }
            var end = line.utf8.index(before: line.utf8.endIndex)
            if end > line.utf8.startIndex, line.utf8[line.utf8.index(before: end)] == 13 {
                end = line.utf8.index(before: end)
            }
            return line[..<end].utf8
        }
        // Compared byte for byte: lines that differ only in their Unicode normalization differ,
        // and so do a last line without a line end and the same line with one (mixed or not).
        func same(_ a: Substring, _ b: Substring) -> Bool {
            key(a).elementsEqual(key(b)) && (key(a).endIndex == a.utf8.endIndex) == (key(b).endIndex == b.utf8.endIndex)
        }
        let shorter = min(before.count, after.count)
        var prefix = 0
        while prefix < shorter, same(before[prefix], after[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, same(before[before.count - 1 - suffix], after[after.count - 1 - suffix]) {
            suffix += 1
        }
        let oldMiddle = prefix..<(before.count - suffix)
        let newMiddle = prefix..<(after.count - suffix)
        // Where an edit of old lines lower..<upper ends: the start of the line after, or past
        // the last line the document's end (a last line without a line end).
        func end(_ upper: Int) -> Position {
            if upper < before.count { return Position(line: upper, character: 0) }
            let last = before[before.count - 1]
            return endPastLastLine && !last.isEmpty
                ? Position(line: before.count, character: 0)
                : Position(line: before.count - 1, character: last.utf16.count)
        }
        // A line's own line end (`\r\n`, `\n`, or none).
        func lineEnd(_ line: Substring) -> Substring { line[key(line).endIndex...] }
        // Lines that end mixed keep each its own line end: a new line takes the line end of the
        // old line with its words (re-indented, respaced), in order; a line of its own (a blank
        // line put in) the line end of the old line it comes before. Decided over all the lines
        // that differ, not each edit's alone: an edit's lines may have been another's.
        var endings: [Int: Substring] = [:]
        if mixed {
            func words(_ line: Substring) -> String {
                String(Substring(key(line))).split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            }
            let olds = Array(before[oldMiddle])
            let oldWords = olds.map(words)
            var next = 0
            for index in newMiddle {
                let now = words(after[index])
                if !now.isEmpty, let found = oldWords.indices.dropFirst(next).first(where: { oldWords[$0] == now }) {
                    endings[index] = lineEnd(olds[found])
                    next = found + 1
                } else if next < olds.count {
                    endings[index] = lineEnd(olds[next])
                }
            }
        }
        func edit(_ old: Range<Int>, _ new: Range<Int>, trimmed: Bool) -> Edit {
            let range = TextRange(start: Position(line: old.lowerBound, character: 0), end: end(old.upperBound))
            var text = after[new].joined()
            // (Lines with a lone `\r` are left to the trimmed edit below.)
            let loneReturn = (before[old] + after[new]).contains { key($0).contains(13) }
            if mixed, !loneReturn {
                text = new.map { index in
                    let now = after[index]
                    let ending = endings[index] ?? lineEnd(now)
                    // A last line that had none takes the new text's (the formatter adds a final line end).
                    return String(Substring(key(now)))
                        + (lineEnd(now).isEmpty ? "" : ending.isEmpty ? lineEnd(now) : ending)
                }.joined()
            }
            // A `\r` in the new text that is no line end of the old (Neovim makes every `\r` of an
            // edit a line break): the edit is cut down to the characters that change.
            guard trimmed, text.utf16.contains(13) else { return (range, text) }
            return trim(
                Array(before[old].joined().utf16), Array(text.utf16),
                from: Position(line: old.lowerBound, character: 0),
                end: old.upperBound < before.count ? nil : range.end)
        }
        var hunks: [(old: Range<Int>, new: Range<Int>)] = []
        if oldMiddle.count + newMiddle.count <= largestCompared {
            // A line with a line end compared with one `\n`, whichever it is: a last line without one differs.
            func compareKey(_ line: Substring) -> [UInt8] {
                Array(key(line)) + (key(line).endIndex == line.utf8.endIndex ? [] : [10])
            }
            hunks = compared(before[oldMiddle].map(compareKey), after[newMiddle].map(compareKey)).map {
                (
                    oldMiddle.lowerBound + $0.old.lowerBound..<oldMiddle.lowerBound + $0.old.upperBound,
                    newMiddle.lowerBound + $0.new.lowerBound..<newMiddle.lowerBound + $0.new.upperBound
                )
            }
        } else if oldMiddle.count == newMiddle.count {
            // Line for line: each run of lines that differ is one edit.
            var index = 0
            while index < oldMiddle.count {
                let first = index
                while index < oldMiddle.count,
                    !same(before[oldMiddle.lowerBound + index], after[newMiddle.lowerBound + index])
                {
                    index += 1
                }
                if index > first {
                    hunks.append(
                        (
                            oldMiddle.lowerBound + first..<oldMiddle.lowerBound + index,
                            newMiddle.lowerBound + first..<newMiddle.lowerBound + index
                        ))
                }
                index += 1
            }
        } else {
            hunks = [(oldMiddle, newMiddle)]
        }
        // An insertion after the final line end starts on the line before it, which is unchanged:
        // Neovim has no line there and would write one more line end.
        var extended = false
        if let last = hunks.last, last.old.lowerBound == before.count - 1, before[before.count - 1].isEmpty,
            last.old.lowerBound > 0, last.new.lowerBound > 0
        {
            hunks[hunks.count - 1] = (
                last.old.lowerBound - 1..<last.old.upperBound, last.new.lowerBound - 1..<last.new.upperBound
            )
            extended = true
        }
        return hunks.enumerated().map { index, hunk in
            edit(hunk.old, hunk.new, trimmed: !(extended && index == hunks.count - 1))
        }
    }

    /// The edits of `was` into `now` (whole texts, UTF-16) made between their lone `\r`s, each
    /// stretch apart and trimmed to what changes; nil when they hold none, or not as many.
    private static func aroundLoneReturns(
        _ was: [UInt16], _ now: [UInt16], before: [Substring], endPastLastLine: Bool
    ) -> [Edit]? {
        let (wasReturns, nowReturns) = (loneReturns(was), loneReturns(now))
        guard !wasReturns.isEmpty, wasReturns.count == nowReturns.count else { return nil }
        // The document's end as `edits` ends an edit through its last line.
        let last = before[before.count - 1]
        let documentEnd =
            endPastLastLine && !last.isEmpty
            ? Position(line: before.count, character: 0)
            : Position(line: before.count - 1, character: last.utf16.count)
        var edits: [Edit] = []
        var (wasStart, nowStart) = (0, 0)
        // Where each stretch starts, counted once through the text: a lone `\r` ends no line here.
        var start = Position(line: 0, character: 0)
        for (wasReturn, nowReturn) in zip(wasReturns + [was.count], nowReturns + [now.count]) {
            if !was[wasStart..<wasReturn].elementsEqual(now[nowStart..<nowReturn]) {
                edits.append(
                    trim(
                        Array(was[wasStart..<wasReturn]), Array(now[nowStart..<nowReturn]), from: start,
                        end: wasReturn == was.count ? documentEnd : nil))
            }
            for unit in was[wasStart..<min(wasReturn + 1, was.count)] {
                start =
                    unit == 10
                    ? Position(line: start.line + 1, character: 0)
                    : Position(
                        line: start.line, character: start.character + 1)
            }
            (wasStart, nowStart) = (wasReturn + 1, nowReturn + 1)
        }
        return edits
    }

    /// The edit of the text `was` (UTF-16, from `start`: a line's start, or inside a line after a
    /// lone `\r`) into `now`, without the characters they start and end with alike; never cut
    /// inside a `\r\n` or a surrogate pair of either, nor after a `\r` (of `\r\r\n`, the first is what
    /// Neovim shows in its line). `end` is where lines through the document's end end.
    private static func trim(_ was: [UInt16], _ now: [UInt16], from start: Position, end: Position?) -> Edit {
        // A cut inside a `\r\n` of either text: one of the new text's would leave its `\r` in the
        // edit and its `\n` outside, and Neovim makes that `\r` a line of its own.
        func splits(_ text: [UInt16], _ offset: Int) -> Bool {
            offset > 0 && offset < text.count
                && ((text[offset - 1] == 13 && text[offset] == 10) || UTF16.isTrailSurrogate(text[offset]))
        }
        let shorter = min(was.count, now.count)
        var head = 0
        while head < shorter, was[head] == now[head] { head += 1 }
        while splits(was, head) || splits(now, head) || (head > 0 && was[head - 1] == 13) { head -= 1 }
        var tail = 0
        while tail < shorter - head, was[was.count - 1 - tail] == now[now.count - 1 - tail] { tail += 1 }
        while tail > 0, splits(was, was.count - tail) || splits(now, now.count - tail) { tail -= 1 }
        // The position of an offset in `was`, lines ended as the editor ends them.
        let lone = EditorLineEnds.current.loneCarriageReturnEndsLine
        func position(_ offset: Int) -> Position {
            var (row, character) = (start.line, start.character)
            for index in 0..<offset {
                let ends =
                    was[index] == 10 || (lone && was[index] == 13 && (index + 1 == was.count || was[index + 1] != 10))
                (row, character) = ends ? (row + 1, 0) : (row, character + 1)
            }
            return Position(line: row, character: character)
        }
        return (
            TextRange(start: position(head), end: tail == 0 ? end ?? position(was.count) : position(was.count - tail)),
            String(decoding: now[head..<(now.count - tail)], as: UTF16.self)
        )
    }

    /// Whether some lines end in `\r\n` and others in `\n` alone.
    static func endsMixed(_ lines: [Substring]) -> Bool {
        var crlf = false
        var lf = false
        for line in lines where line.utf8.last == 10 {
            if line.utf8.dropLast().last == 13 { crlf = true } else { lf = true }
            if crlf && lf { return true }
        }
        return false
    }

    /// The runs of lines that differ between two line lists, from their shortest difference.
    private static func compared(_ old: [[UInt8]], _ new: [[UInt8]]) -> [(old: Range<Int>, new: Range<Int>)] {
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var hunks: [(old: Range<Int>, new: Range<Int>)] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, !removed.contains(i), !inserted.contains(j) {
                (i, j) = (i + 1, j + 1)
                continue
            }
            let (oldStart, newStart) = (i, j)
            while (i < old.count && removed.contains(i)) || (j < new.count && inserted.contains(j)) {
                while i < old.count, removed.contains(i) { i += 1 }
                while j < new.count, inserted.contains(j) { j += 1 }
            }
            hunks.append((oldStart..<i, newStart..<j))
        }
        return hunks
    }
}
