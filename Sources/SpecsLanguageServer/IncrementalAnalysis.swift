import Foundation

extension FeatureAnalysis {
    /// The analysis after one edit, with only the lines it touches read again: the steps and
    /// headings above it kept, those below it moved by the lines it adds or removes. A step
    /// whose line is unchanged keeps what the last full check knew of it (its outline rows,
    /// its table); a step being typed is matched by its text as written. Nil when the edit
    /// replaces the whole text or touches the first line of a marked file: then the document
    /// is read whole.
    func applying(_ change: TextChange, giving newText: String) -> FeatureAnalysis? {
        guard let range = change.range, !tooLarge, newText.utf8.count <= Self.largestChecked,
            !(byteOrderMark && range.start.line == 0)
        else { return nil }
        // Lines are 1-based here: the edit replaced lines first...last with first...newLast.
        let first = range.start.line + 1
        let last = max(first, range.end.line + 1)
        let added = change.text.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
        let newLast = first + added
        let delta = newLast - last
        guard let start = DocumentText.lineStart(first - 1, in: newText) else { return nil }
        let end = DocumentText.lineStart(newLast, in: newText) ?? newText.utf8.count
        let utf8 = newText.utf8
        let lines = String(
            Substring(utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]))
        let reread = FeatureLines.read(lines, language: DocumentText.language(of: text))

        var result = self
        result.text = newText
        result.body = byteOrderMark ? String(newText.unicodeScalars.dropFirst()) : newText
        result.provisional = true
        result.findings = nil
        result.document = nil
        let before = steps.filter { $0.line < first }
        let replaced = Dictionary(
            steps.filter { $0.line >= first && $0.line <= last }.map { ($0.line, $0) }, uniquingKeysWith: { a, _ in a })
        var middle: [StepSite] = []
        for var step in reread.steps {
            step.line += first - 1
            // An unchanged step keeps what the full check knew of it.
            if let known = replaced[step.line], known.keyword == step.keyword, known.text == step.text {
                step = known
            }
            middle.append(step)
        }
        let after = steps.filter { $0.line > last }.map { step in
            var step = step
            step.line += delta
            return step
        }
        result.steps = before + middle + after
        let headingsAfter = headings.filter { $0.line > last }.map { heading in
            var heading = heading
            heading.line += delta
            return heading
        }
        result.headings =
            headings.filter { $0.line < first }
            + reread.headings.map { heading in
                var heading = heading
                heading.line += first - 1
                return heading
            } + headingsAfter
        return result
    }
}
