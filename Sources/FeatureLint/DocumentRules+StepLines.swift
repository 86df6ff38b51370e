import Gherkin

extension DocumentRules {
    /// Description lines that read as steps with a misspelt or foreign keyword (`Gievn`,
    /// `Given` in a German file): legal Gherkin, but description text, so the step never
    /// runs. Only the description's last lines are read, those that all read as steps up to
    /// its end (where the misread steps stand, before the steps that were read): a line of
    /// prose among or after them (`The cart is empty.`) is a description, not a step. In an
    /// outline's description (`examples`), a line's placeholders take the examples' values. In a
    /// description where the grammar takes no step (`stepless`: a feature's, a rule's, an
    /// examples block's), the keyword put right leaves the line description text: it is told so,
    /// and a line written as a defined step is told too (`step-in-description`).
    func steps(
        inDescription lines: [(number: Int, text: Substring)], dialect: Dialect, examples: [Examples] = [],
        stepless: String? = nil, into findings: inout Findings
    ) {
        let words = StepLookalike.DialectWords(dialect)
        let definedStep = definedStep.map { Self.definedWithValues($0, of: examples) }
        for (number, raw) in lines.reversed() {
            let text = raw.trimmingSpaces
            guard !text.isEmpty else { continue }
            var read = StepLookalike.reading(text, in: words)
            if let definedStep, read == nil || read == .step || read?.isMisspelt == true,
                let glued = StepLookalike.glued(text, in: words, definedStep: definedStep)
            {
                read = glued
            }
            // `* text` is a bullet of prose as often as a step: it reads as one only when defined.
            if read == nil, stepless != nil, let definedStep, text.hasPrefix("* "),
                let step = Self.stepText(of: text, in: words), definedStep(step)
            {
                read = .step
            }
            guard var reading = read else { return }
            if reading == .step, let definedStep,
                let foreign = StepLookalike.shortForeign(text, in: words, definedStep: definedStep)
            {
                reading = foreign
            }
            let column = raw.prefix(while: \.isWhitespace).count + 1
            let lost =
                "the line is description text, and its step never runs"
                + (stepless.map {
                    " (no step runs in \($0)'s description, whatever its keyword: put it in a scenario)"
                }
                    ?? "")
            switch reading {
            case .step:
                // A step written right, but where the grammar takes none: told when it is defined.
                if let stepless, let definedStep, let step = Self.stepText(of: text, in: words), definedStep(step) {
                    findings.add(
                        "step-in-description",
                        "a defined step, but no step runs in \(stepless)'s description, whatever its keyword: the "
                            + "line is description text, and its step never runs; put it in a scenario or a background",
                        line: number, column: column)
                }
                continue
            case .oddSpace(let keyword, let space):
                findings.add(
                    "misspelt-keyword",
                    "'\(keyword)' is followed by \(space), not a space, so it is no step keyword: \(lost)",
                    line: number, column: column)
            case .decomposed(let keyword):
                findings.add(
                    "misspelt-keyword",
                    "'\(keyword)' is in decomposed Unicode (NFD, letters and combining accents apart), so it is no "
                        + "step keyword: \(lost); save the file as NFC", line: number, column: column)
            case .unspaced(let keyword):
                findings.add(
                    "misspelt-keyword",
                    "'\(keyword)' is written straight before the step's text, with no space, so it is "
                        + "no step keyword: \(lost)", line: number, column: column)
            case .colon(let keyword):
                findings.add(
                    "misspelt-keyword",
                    "did you mean '\(keyword)'? '\(keyword):' with a colon is no step keyword: \(lost)",
                    line: number, column: column)
            case .misspelt(let word, let meant):
                findings.add(
                    "misspelt-keyword", "did you mean '\(meant)'? '\(word)' is no step keyword: \(lost)",
                    line: number, column: column)
            case .foreign(let word, let language, let native):
                findings.add(
                    "other-language-keyword",
                    "did you mean '\(native)'? '\(word)' is a step keyword in \(language), "
                        + "not in this file's language (\(dialect.language)): \(lost)", line: number, column: column)
            }
        }
    }

    /// The text of a step line that starts with one of the dialect's step keywords (or `*`) and
    /// a space, without them; nil for another line.
    static func stepText(of line: Substring, in words: StepLookalike.DialectWords) -> String? {
        for keyword in words.own + ["*"] where line.utf8.starts(with: (keyword + " ").utf8) {
            let text = line.dropFirst(keyword.count + 1).trimmingSpaces
            return text.isEmpty ? nil : String(text)
        }
        return nil
    }

    /// How many of an outline's rows a lost step's placeholders are tried with.
    static let rowsTried = 16

    /// `defined`, and for a text with placeholders, whether it is defined with the values of one
    /// of the first `rowsTried` rows of `examples` in them (`Wenn the total is <total>`).
    static func definedWithValues(
        _ defined: @escaping (String) -> Bool, of examples: [Examples]
    ) -> (String) -> Bool {
        let rows = examples.lazy.flatMap { examples in
            examples.tableBody.lazy.compactMap { row in
                examples.tableHeader.map { Interpolation(names: $0.cells, values: row.cells) }
            }
        }
        let interpolations = Array(rows.prefix(rowsTried))
        guard !interpolations.isEmpty else { return defined }
        return { text in
            if defined(text) { return true }
            guard text.utf8.contains(UInt8(ascii: "<")) else { return false }
            return interpolations.contains { interpolation in
                let filled = interpolation.apply(to: text)
                return filled != text && defined(filled)
            }
        }
    }
}
