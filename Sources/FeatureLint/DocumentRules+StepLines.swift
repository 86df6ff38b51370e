import Gherkin

extension DocumentRules {
    /// Description lines that read as steps with a misspelt or foreign keyword (`Gievn`,
    /// `Given` in a German file): legal Gherkin, but description text, so the step never
    /// runs. Only the description's last lines are read, those that all read as steps up to
    /// its end (where the misread steps stand, before the steps that were read): a line of
    /// prose among or after them (`The cart is empty.`) is a description, not a step.
    func steps(
        inDescription lines: [(number: Int, text: Substring)], dialect: Dialect, into findings: inout Findings
    ) {
        let words = StepLookalike.DialectWords(dialect)
        for (number, raw) in lines.reversed() {
            let text = raw.trimmingSpaces
            guard !text.isEmpty else { continue }
            guard var reading = StepLookalike.reading(text, in: words) else { return }
            if reading == .step, let definedStep,
                let foreign = StepLookalike.shortForeign(text, in: words, definedStep: definedStep)
            {
                reading = foreign
            }
            let column = raw.prefix(while: \.isWhitespace).count + 1
            let lost = "the line is description text, and its step never runs"
            switch reading {
            case .step:
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
}
