import Gherkin

/// The rules that read the parsed feature.
struct DocumentRules {
    let feature: Feature
    let configuration: LintConfiguration
    /// The file's lines (line ends aside): a description's lines are found in them.
    let lines: [Substring]
    /// Whether a step's text matches a definition, when the definitions are known (a run's):
    /// then a description line of another language's short keyword before such a text is a
    /// step lost (`Wenn a step that fails` in an English file).
    var definedStep: ((String) -> Bool)?

    func check(into findings: inout Findings) {
        if feature.name.trimmingSpaces.isEmpty {
            findings.add(
                "unnamed-feature", "the feature has no name", line: feature.location.line,
                column: feature.location.column ?? 1)
        }
        indentation(feature.location, expected: 0, what: "Feature", into: &findings)
        description(
            feature.description, after: feature.location.line, language: feature.language, stepless: "a feature",
            into: &findings)
        tags(feature.tags, expected: 0, into: &findings)
        var names: [String: Int] = [:]
        feature.walk { block in
            switch block {
            case .rule(let rule):
                indentation(rule.location, expected: 2, what: "Rule", into: &findings)
                tags(rule.tags, expected: 2, into: &findings)
                description(
                    rule.description, after: rule.location.line, language: feature.language, stepless: "a rule",
                    into: &findings)
            case .background(let background, let rule):
                self.background(background, indent: rule == nil ? 2 : 4, into: &findings)
            case .scenario(let scenario, let rule):
                self.scenario(
                    scenario, indent: rule == nil ? 2 : 4, names: &names, inherited: feature.tags + (rule?.tags ?? []),
                    into: &findings)
            }
        }
    }

    /// The description rules alone (`misspelt-keyword`, `other-language-keyword`) on `described`.
    func checkDescriptions(_ described: [Described], into findings: inout Findings) {
        for (text, line, examples, stepless) in described {
            description(
                text, after: line, language: feature.language, examples: examples, stepless: stepless,
                into: &findings)
        }
    }

    private func background(_ background: Background, indent: Int, into findings: inout Findings) {
        indentation(background.location, expected: indent, what: "Background", into: &findings)
        description(
            background.description, after: background.location.line, language: feature.language, into: &findings)
        steps(background.steps, indent: indent + 2, into: &findings)
    }

    private func scenario(
        _ scenario: Scenario, indent: Int, names: inout [String: Int], inherited: [Tag], into findings: inout Findings
    ) {
        let place = scenario.location
        if scenario.name.trimmingSpaces.isEmpty {
            findings.add("unnamed-scenario", "the scenario has no name", line: place.line, column: place.column ?? 1)
        } else if let first = names[scenario.name] {
            findings.add(
                "duplicate-scenario-name",
                "another scenario of this feature is named '\(scenario.name.oneLine)' (line \(first))",
                line: place.line, column: place.column ?? 1)
        } else {
            names[scenario.name] = place.line
        }
        indentation(place, expected: indent, what: scenario.keyword, into: &findings)
        tags(scenario.tags, expected: indent, into: &findings)
        description(
            scenario.description, after: place.line, language: feature.language, examples: scenario.examples,
            into: &findings)
        steps(scenario.steps, indent: indent + 2, into: &findings)
        if scenario.steps.count > configuration.maxSteps {
            findings.add(
                "scenario-size", "\(scenario.steps.count) steps, more than \(configuration.maxSteps)", line: place.line,
                column: place.column ?? 1)
        }
        let allTags = (inherited + scenario.tags + scenario.examples.flatMap(\.tags)).map(\.name)
        for tag in scenario.tags + scenario.examples.flatMap(\.tags)
        where configuration.restrictedTags.contains(tag.name) {
            findings.add(
                "restricted-tags", "\(tag.name.oneLine) should not be committed", line: tag.location.line,
                column: tag.location.column ?? 1)
        }
        if !configuration.requiredTags.isEmpty,
            !configuration.requiredTags.contains(where: { prefix in allTags.contains { $0.hasPrefix(prefix) } })
        {
            findings.add(
                "required-tags", "the scenario has no \(configuration.requiredTags.joined(separator: " or ")) tag",
                line: place.line, column: place.column ?? 1)
        }
        for examples in scenario.examples {
            indentation(examples.location, expected: indent + 2, what: examples.keyword, into: &findings)
            description(
                examples.description, after: examples.location.line, language: feature.language,
                examples: [examples], stepless: "an examples block", into: &findings)
            if let header = examples.tableHeader {
                rows([header] + examples.tableBody, indent: indent + 4, into: &findings)
            }
        }
        if !scenario.examples.isEmpty { placeholders(scenario, into: &findings) }
    }

    private func steps(_ steps: [Step], indent: Int, into findings: inout Findings) {
        var stage = 0  // 0 given, 1 when, 2 then
        for step in steps {
            indentation(step.location, expected: indent, what: "step", into: &findings)
            let kind: Int? =
                switch step.keywordType {
                case .context: 0
                case .action: 1
                case .outcome: 2
                default: nil
                }
            if let kind {
                if kind < stage {
                    let words = ["Given", "When", "Then"]
                    findings.add(
                        "step-order", "\(words[kind]) after \(words[stage]): a scenario reads Given, When, Then",
                        line: step.location.line, column: step.location.column ?? 1)
                }
                stage = max(stage, kind)
            }
            if let table = step.dataTable { rows(table.rows, indent: indent + 2, into: &findings) }
            if let doc = step.docString {
                // Its lines' indentation is read against the opening delimiter's: moved alone, the
                // delimiter changes the step's text; the whole block moves.
                indentation(
                    doc.location, expected: indent + 2, what: "doc string", into: &findings,
                    moving: "move its delimiters and its lines together, as `specs format` does")
                // Spaces at the end of a doc string's line are its content: the step's data.
                findings.remove("trailing-spaces", onLines: SourceLines.content(of: doc, in: lines))
            }
        }
    }

    private func rows(_ rows: [TableRow], indent: Int, into findings: inout Findings) {
        for row in rows {
            indentation(row.location, expected: indent, what: "table row", into: &findings)
            // Text after the last bar is no cell: the parser drops it, with a column of data
            // when a closing bar was forgotten. A `# note` there is a comment, as meant.
            guard row.location.line <= lines.count else { continue }
            let line = SourceLine(lines[row.location.line - 1])
            if let column = line.rowTailColumn, line.scalars[column - 1] != "#" {
                findings.add(
                    "unclosed-row", "not a cell: a closing `|` is missing?", line: row.location.line, column: column)
            }
        }
    }

    private func tags(_ tags: [Tag], expected: Int, into findings: inout Findings) {
        var seenLines: Set<Int> = []
        for tag in tags where seenLines.insert(tag.location.line).inserted {
            indentation(tag.location, expected: expected, what: "tag line", into: &findings)
        }
    }

    /// `expected` is in two-space levels; the configured level is what is expected.
    private func indentation(
        _ location: Location, expected levels: Int, what: String, into findings: inout Findings, moving: String? = nil
    ) {
        let expected = levels / 2 * configuration.indentation.unicodeScalars.count
        guard let column = location.column, column - 1 != expected else { return }
        findings.add(
            "indentation", "\(what) indented by \(column - 1), expected \(expected)" + (moving.map { ": \($0)" } ?? ""),
            line: location.line, column: column)
    }

    /// Description lines that read as keywords: of another language, or misspelt. A near
    /// miss of a keyword is reported only where the keyword would have started a block: a
    /// scenario or background whose steps follow it (and so were read as description), a rule
    /// whose scenarios follow it, examples whose table follows it. A heading in prose
    /// (`Rules:`, `EXAMPLES:`, `. Scenario:`) is no misspelling.
    /// `examples`: an outline's, when the description is of one. `stepless`: what the description
    /// describes, where the grammar takes no step (a feature, a rule, an examples block).
    private func description(
        _ text: String, after line: Int, language: String, examples: [Examples] = [], stepless: String? = nil,
        into findings: inout Findings
    ) {
        guard !text.isEmpty, let dialect = Dialect.named(language) else { return }
        let headers = KeywordLookalike.headers(of: dialect)
        let described = sourceLines(ofDescription: text, after: line)
        // Spaces at the end of a description's line are its text, as the parser reads it (the
        // formatter keeps them): no layout to warn of.
        findings.remove("trailing-spaces", onLines: Set(described.map(\.0)))
        steps(inDescription: described, dialect: dialect, examples: examples, stepless: stepless, into: &findings)
        // A misspelt heading (`Sénario:`) made the steps after it description text: it is told,
        // and they are not, once more each.
        let before = findings.all.count
        defer {
            if let heading = findings.all[before...].map(\.line).min() {
                findings.remove("step-in-description", onLines: heading..<Int.max)
            }
        }
        for (lineNumber, raw) in described {
            let trimmed = raw.trimmingSpaces
            guard let colon = trimmed.firstIndex(of: ":") else {
                // A keyword that lacks its colon (`Scenario checkout`), where it would start a block.
                let word = String(trimmed.prefix { $0 != " " })
                // A sentence (`Rule 42 of the handbook applies.`) is prose, not a heading.
                if headers.contains(word), trimmed.count > word.count, !trimmed.hasSuffix("."),
                    let lost = wouldStartBlock(word, in: dialect, atLine: lineNumber, named: true)
                {
                    findings.add(
                        "misspelt-keyword",
                        "'\(word)' lacks its colon ('\(word):'); as written the line is description text, and so \(lost)",
                        line: lineNumber, column: raw.prefix { $0 == " " || $0 == "\t" }.count + 1)
                }
                continue
            }
            let word = String(trimmed[..<colon])
            let column = raw.prefix { $0 == " " || $0 == "\t" }.count + 1
            // A keyword in decomposed Unicode (`Sce` and a combining accent, `nario:`) equals the
            // keyword as Swift compares text, and is none to the parser, which reads bytes.
            if let header = headers.first(where: { $0 == word }) {
                if !header.utf8.elementsEqual(word.utf8),
                    let lost = wouldStartBlock(
                        header, in: dialect, atLine: lineNumber,
                        named: !trimmed[trimmed.index(after: colon)...].trimmingSpaces.isEmpty)
                {
                    findings.add(
                        "misspelt-keyword",
                        "'\(word):' is in decomposed Unicode (NFD, letters and combining accents apart), so it is "
                            + "no keyword: as written it is description text, and so \(lost); save the file as NFC",
                        line: lineNumber, column: column)
                }
                continue
            }
            guard !word.isEmpty else { continue }
            // An English keyword in another language's file first; then a near miss of this
            // file's keywords (`Scenaro:` is Esperanto, but in an English file a typo); then
            // any other language's keyword.
            let english = language != "en" && KeywordLookalike.native(ofEnglish: word, in: dialect) != nil
            if english {
                findings.add(
                    "other-language-keyword",
                    "'\(word):' is a keyword in en, not in this file's language (\(language)); "
                        + "it is read as description text", line: lineNumber, column: column)
            } else if let meant = KeywordLookalike.nearest(word, among: headers) {
                guard Self.couldBeKeyword(word, meant),
                    let lost = wouldStartBlock(
                        meant, in: dialect, atLine: lineNumber,
                        named: !trimmed[trimmed.index(after: colon)...].trimmingSpaces.isEmpty)
                else { continue }
                findings.add(
                    "misspelt-keyword",
                    "'\(word):' looks like a misspelt '\(meant):'; as written it is description text, "
                        + "and so \(lost)", line: lineNumber, column: column)
            } else if let other = KeywordLookalike.otherLanguage(of: word, besides: language) {
                findings.add(
                    "other-language-keyword",
                    "'\(word):' is a keyword in \(other), not in this file's language (\(language)); "
                        + "it is read as description text", line: lineNumber, column: column, atMost: .warning)
            }
        }
    }

    /// What is lost when `keyword` at `line` is read as description text, if it would have
    /// started a block there: nil when the lines after it are not what such a block holds.
    /// Whether `word` is written as a keyword is (`Scenaro`), not as a heading (`EXAMPLES`,
    /// `. Scenario`): letters and spaces alone, capitalised as `keyword` is.
    private static func couldBeKeyword(_ word: String, _ keyword: String) -> Bool {
        guard word.allSatisfy({ $0.isLetter || $0 == " " || $0 == "'" }), let first = word.first,
            let keywordFirst = keyword.first
        else { return false }
        let shouting = word.count > 1 && word.allSatisfy { !$0.isLetter || $0.isUppercase }
        let keywordShouting = keyword.allSatisfy { !$0.isLetter || $0.isUppercase }
        return first.isUppercase == keywordFirst.isUppercase && shouting == keywordShouting
    }

    private func wouldStartBlock(_ keyword: String, in dialect: Dialect, atLine line: Int, named: Bool) -> String? {
        guard
            let next = lines.dropFirst(line).first(where: {
                !$0.trimmingSpaces.isEmpty && !$0.trimmingSpaces.hasPrefix("#")
            })
        else { return nil }
        let text = next.trimmingSpaces
        let startsWith = { (keywords: [String]) in keywords.contains { text.hasPrefix($0) } }
        if dialect.scenario.contains(keyword) || dialect.scenarioOutline.contains(keyword)
            || dialect.background.contains(keyword)
        {
            let steps =
                (dialect.given + dialect.when + dialect.then + dialect.and + dialect.but).filter { $0 != "* " } + ["* "]
            // A step that follows may be misspelt too (`Gievn`), and so description text as well.
            let misread = StepLookalike.reading(text, in: dialect).map { $0 != .step } ?? false
            return startsWith(steps) || misread
                ? "the steps that follow it are description text too, and never run" : nil
        }
        if dialect.rule.contains(keyword) {
            // A rule is named; a bare `Rules:` over the scenarios is a heading.
            guard named else { return nil }
            let blocks = (dialect.scenario + dialect.scenarioOutline + dialect.background).map { $0 + ":" }
            return startsWith(blocks) ? "the scenarios that follow it are not in a rule" : nil
        }
        if dialect.examples.contains(keyword) {
            return text.hasPrefix("|") ? "the table that follows it is not examples" : nil
        }
        return nil
    }

    /// The file's lines that hold a description, with their numbers: as many as the text has,
    /// from the first line after its header that is not blank (the grammar skips blank lines
    /// there), comment lines among them left out (they are comments, not description text).
    func sourceLines(ofDescription text: String, after line: Int) -> [(number: Int, text: Substring)] {
        var remaining = text.split(separator: "\n", omittingEmptySubsequences: false).count
        var number = line + 1
        while number <= lines.count, lines[number - 1].trimmingSpaces.isEmpty { number += 1 }
        var found: [(number: Int, text: Substring)] = []
        while remaining > 0, number <= lines.count {
            let source = lines[number - 1]
            if !source.trimmingSpaces.hasPrefix("#") {
                found.append((number, source))
                remaining -= 1
            }
            number += 1
        }
        return found
    }

    private func placeholders(_ outline: Scenario, into findings: inout Findings) {
        let check = OutlinePlaceholders(outline, lines: lines)
        for missing in check.missing {
            // Plainly a placeholder (step text, a cell): the rule's severity; in a name or a
            // doc string, where `<word>` may be prose, a warning at most.
            let words =
                missing.lackingIn.map {
                    "<\(missing.name.oneLine)> is not a column of the examples at line \($0), whose rows keep it as written"
                }
                ?? "<\(missing.name.oneLine)> is not a column of the examples; it stays as written"
                + (check.isColumnInOtherUnicode(missing.name)
                    ? " (it is written in other Unicode than the column: save the file as NFC)" : "")
            findings.add(
                "outline-placeholder", words, line: missing.location.line, column: missing.location.column ?? 1,
                atMost: missing.plain ? .error : .warning)
        }
        for cell in check.unusedColumns {
            findings.add(
                "unused-example-column", "no step uses the column '\(cell.value.oneLine)'", line: cell.location.line,
                column: cell.location.column ?? 1)
        }
    }
}

extension Substring {
    /// The text without the spaces and tabs at its ends: a slice of it, found on its bytes
    /// when the text it keeps starts and ends in ASCII (no accent can join a space there).
    var trimmingSpaces: Substring {
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { bytes.formIndex(after: &start) }
        while end > start {
            let before = bytes.index(before: end)
            guard bytes[before] == 0x20 || bytes[before] == 0x09 else { break }
            end = before
        }
        if start == end { return self[endIndex...] }
        if bytes[start] < 0x80, bytes[bytes.index(before: end)] < 0x80 { return self[start..<end] }
        return Substring(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension String {
    /// The text without the spaces and tabs at its ends.
    var trimmingSpaces: Substring { self[...].trimmingSpaces }
}
