import Foundation
import Gherkin

extension FeatureAnalysis {
    /// The analysis after one edit, with only the lines it touches read again: the steps and
    /// headings above it kept, those below it moved by the lines it adds or removes. A step
    /// whose line is unchanged keeps what the last full check knew of it (its outline rows,
    /// its table); a step being typed is matched by its text as written. False (the analysis
    /// left as it was) when the edit replaces the whole text, touches the first line of a marked
    /// file, or changes what lines it does not touch mean: a `# language:` line that changes
    /// the dialect, a doc string's delimiter, a line inside a doc string. Then the document is
    /// read whole.
    mutating func apply(_ change: TextChange, giving newText: String) -> Bool {
        guard let range = change.range, !tooLarge, newText.utf8.count <= Self.largestChecked,
            !(byteOrderMark && range.start.line == 0), lines == nil
        else { return false }
        // A lone `\r` the edit makes ends a line for the protocol and not for the parser: then
        // the document is read whole, and its lines placed as the protocol counts them.
        let written = text.utf8.distance(
            from: text.startIndex,
            to: DocumentText.index(line: range.start.line, character: range.start.character, in: text))
        guard
            !EditorLineEnds.current.loneCarriageReturnEndsLine
                || !Self.makesLoneCarriageReturn(in: newText, from: written, count: change.text.utf8.count)
        else {
            return false
        }
        // Lines are 1-based here: the edit replaced lines first...last with first...newLast.
        let first = range.start.line + 1
        let last = max(first, range.end.line + 1)
        let added = change.text.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
        let newLast = first + added
        let delta = newLast - last
        guard let start = DocumentText.lineStart(first - 1, in: newText) else { return false }
        let end = DocumentText.lineStart(newLast, in: newText) ?? newText.utf8.count
        let utf8 = newText.utf8
        let lines = String(
            Substring(utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]))
        let language = DocumentText.language(of: text)
        guard language == DocumentText.language(of: newText), !Self.touches(docStrings, from: first, to: last),
            !FeatureLines.delimiters.contains(where: { lines.utf8.firstRange(of: $0.utf8) != nil })
        else { return false }
        let reread = FeatureLines.read(lines, language: language)
        // Lines are steps under a Background or a Scenario, and description under a Feature or
        // a Rule: an edit that changes which of the two the lines below it are under (a
        // Background's keyword broken), or that writes steps where they are description, is
        // read whole, as is one that writes or removes a Feature heading.
        let headingLow = Self.firstIndex(of: headings, atOrAfter: first, line: \.line)
        let headingHigh = Self.firstIndex(of: headings, atOrAfter: last + 1, line: \.line)
        func holdsSteps(_ kind: Heading.Kind?) -> Bool { kind == .background || kind == .scenario }
        let above = headingLow > 0 ? headings[headingLow - 1].kind : nil
        let oldBelow = headingHigh > headingLow ? headings[headingHigh - 1].kind : above
        let newBelow = reread.headings.last?.kind ?? above
        guard holdsSteps(oldBelow) == holdsSteps(newBelow),
            !headings[headingLow..<headingHigh].contains(where: { $0.kind == .feature }),
            !reread.headings.contains(where: { $0.kind == .feature }),
            reread.steps.allSatisfy({ step in
                holdsSteps(reread.headings.last(where: { $0.line < step.line })?.kind ?? above)
            })
        else { return false }
        let low = Self.firstIndex(of: steps, atOrAfter: first, line: \.line)
        let high = Self.firstIndex(of: steps, atOrAfter: last + 1, line: \.line)

        text = newText
        body = byteOrderMark ? String(newText.unicodeScalars.dropFirst()) : newText
        provisional = true
        findings = nil
        document = nil
        // The steps of the lines replaced (`low..<high`, found by halving above): the others are
        // not looked at unless the edit moved them.
        var middle: [StepSite] = []
        // An And or But read first takes the kind of the step before the lines, under the same
        // heading, as the full check gives it (the kind a quick fix registers the step as).
        var continued: PickleStepType?
        if low > 0, headingLow == 0 || headings[headingLow - 1].line < steps[low - 1].line {
            continued = steps[low - 1].type
        }
        for var step in reread.steps {
            step.line += first - 1
            step.reread = true
            if reread.headings.contains(where: { $0.line + first - 1 < step.line }) || step.type != nil {
                continued = nil
            } else if let kind = continued {
                step.type = kind
            }
            // An unchanged step keeps what the full check knew of it.
            if let known = steps[low..<high].first(where: { $0.line == step.line }), known.keyword == step.keyword,
                known.text == step.text
            {
                // Where it now stands (an edit of its indentation moves it).
                let column = step.column
                step = known
                step.column = column
            }
            middle.append(step)
        }
        steps.replaceSubrange(low..<high, with: middle)
        if delta != 0 {
            for index in (low + middle.count)..<steps.count { steps[index].line += delta }
        }
        let newHeadings = reread.headings.map { heading in
            var heading = heading
            heading.line += first - 1
            return heading
        }
        headings.replaceSubrange(headingLow..<headingHigh, with: newHeadings)
        if delta != 0 {
            for index in (headingLow + newHeadings.count)..<headings.count { headings[index].line += delta }
            // No doc string is in the lines replaced: those after them move.
            let below = Self.firstIndex(of: docStrings, atOrAfter: last + 1, line: \.lowerBound)
            for index in below..<docStrings.count {
                docStrings[index] = (docStrings[index].lowerBound + delta)...(docStrings[index].upperBound + delta)
            }
        }
        return true
    }

    /// Whether a doc string (its lines in order) has a line in `first...last`.
    static func touches(_ docStrings: [ClosedRange<Int>], from first: Int, to last: Int) -> Bool {
        let index = firstIndex(of: docStrings, atOrAfter: first, line: \.upperBound)
        return index < docStrings.count && docStrings[index].lowerBound <= last
    }

    /// Whether the bytes written at UTF-8 offset `start`, or the one before them, hold a `\r`
    /// no `\n` follows.
    static func makesLoneCarriageReturn(in text: String, from start: Int, count: Int) -> Bool {
        let bytes = text.utf8
        let lower = bytes.index(bytes.startIndex, offsetBy: max(0, start - 1))
        let upper = bytes.index(bytes.startIndex, offsetBy: min(bytes.count, start + count))
        var index = lower
        while index < upper {
            let next = bytes.index(after: index)
            if bytes[index] == 13, next == bytes.endIndex || bytes[next] != 10 { return true }
            index = next
        }
        return false
    }

    /// The index of the first element at or after a line, in elements sorted by line.
    static func firstIndex<Element>(
        of elements: [Element], atOrAfter line: Int, line lineOf: (Element) -> Int
    ) -> Int {
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if lineOf(elements[middle]) < line { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
