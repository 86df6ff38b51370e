import Foundation
import Gherkin
import SpecsRunner

extension LanguageServer {
    // MARK: Completion

    /// Step text from the definitions, for the step being typed: read from the line alone,
    /// so that it never waits for the document to be checked.
    func completion(_ at: DocumentPosition) -> Any {
        // Another package's file is checked by that package's runner, whose steps these are not.
        guard otherPackage(of: at.uri) == nil, let text = documents[at.uri]?.text ?? workspace[at.uri]?.text else {
            return [] as [Any]
        }
        let (line, character) = (at.position.line, at.position.character)
        let written = documents[at.uri]?.line(line) ?? DocumentText.line(line, of: text)
        // Positions count UTF-16 code units, as the protocol has them (an emoji keyword is two).
        let typedLine = String(decoding: Array(written.utf16.prefix(character)), as: UTF16.self)
        guard let dialect = Dialect.named(DocumentText.language(of: text)) else { return [] as [Any] }
        let keywords = (dialect.given + dialect.when + dialect.then + dialect.and + dialect.but).sorted {
            $0.count > $1.count
        }
        let indent = typedLine.prefix { $0 == " " || $0 == "\t" }
        let rest = typedLine.dropFirst(indent.count)
        guard let keyword = keywords.first(where: { rest.hasPrefix($0) }) else { return [] as [Any] }
        // The text begins after the whitespace that follows the keyword (`And   a step`), as the
        // parser reads it.
        let afterKeyword = rest.dropFirst(keyword.count)
        // Any whitespace the parser strips: an ideographic space after `前提`, a no-break space after `*`.
        let typedAsWritten = String(afterKeyword.drop(while: \.isWhitespace))
        let typed = typedAsWritten.lowercased()
        let start = indent.utf16.count + keyword.utf16.count + afterKeyword.utf16.count - typedAsWritten.utf16.count
        let typedRange: [String: Any] = [
            "start": ["line": line, "character": start], "end": ["line": line, "character": character],
        ]
        // In the middle of a step, an editor that replaces takes the rest of the step's text too.
        let stepEnd = max(character, written.utf16.count - written.reversed().prefix { $0 == " " || $0 == "\t" }.count)
        let edit = { (newText: String) -> [String: Any] in
            guard self.insertReplace, stepEnd > character else { return ["range": typedRange, "newText": newText] }
            return [
                "insert": typedRange,
                "replace": [
                    "start": ["line": line, "character": start], "end": ["line": line, "character": stepEnd],
                ],
                "newText": newText,
            ]
        }
        var offered: Set<String> = []
        var items: [[String: Any]] = []
        for (entry, whole) in zip(catalog.entries, completionOffers) {
            guard var offer = whole else { continue }
            if !offer.plain.lowercased().hasPrefix(typed) && !entry.expression.lowercased().hasPrefix(typed) {
                // Values typed for its parameters: the rest of the step after them.
                guard !entry.isRegularExpression,
                    let rest = CompletionContinuation.continuation(
                        of: entry.expression, after: typedAsWritten, snippets: snippets)
                else { continue }
                offer = CompletionOffer(newText: rest.newText, plain: rest.plain, complete: true)
            }
            guard offered.insert(offer.plain).inserted else { continue }
            // Label and filter text are the plain text, which an editor without snippets (Neovim's
            // omnifunc) inserts as it is; the snippet goes in the edit alone.
            items.append([
                "label": offer.plain, "kind": 15, "insertTextFormat": snippets && offer.complete ? 2 : 1,
                "detail": offer.complete
                    ? "\(entry.expression) — \(entry.location)"
                    : "regular expression \(entry.expression), complete the rest — \(entry.location)",
                "filterText": offer.plain,
                "textEdit": edit(offer.newText),
            ])
        }
        return ["isIncomplete": false, "items": items]
    }

    /// What completion inserts for a definition, and whether it is the whole step: a Cucumber
    /// Expression's text (see `CompletionText`); a regular expression's text when it is plain
    /// text between its anchors, else a step made from it (`RegexCompletionText`) that it
    /// matches, else the plain text it starts with, to be completed by hand.
    func completionOffer(for entry: StepCatalog.Entry) -> CompletionOffer? {
        guard entry.isRegularExpression else {
            guard let plain = CompletionText.text(for: entry.expression, snippets: false) else { return nil }
            let newText = snippets ? CompletionText.text(for: entry.expression, snippets: true) ?? plain : plain
            return CompletionOffer(newText: newText, plain: plain, complete: true)
        }
        var pattern = Substring(entry.expression)
        if pattern.hasPrefix("^") { pattern = pattern.dropFirst() }
        let special = Set("\\^$.|?*+()[]{}")
        if pattern.hasSuffix("$"), !pattern.dropLast().contains(where: special.contains) {
            let text = String(pattern.dropLast())
            return CompletionOffer(newText: text, plain: text, complete: true)
        }
        // A step made from the pattern, with a value for each group, when the definition matches it.
        if let made = RegexCompletionText.text(for: entry.expression), !made.plain.isEmpty,
            catalog.matches(made.plain).contains(entry)
        {
            return CompletionOffer(newText: snippets ? made.snippet : made.plain, plain: made.plain, complete: true)
        }
        let prefix = String(pattern.prefix { !special.contains($0) })
        return prefix.isEmpty ? nil : CompletionOffer(newText: prefix, plain: prefix, complete: false)
    }

    // MARK: Steps and their definitions

    private func stepAt(_ at: DocumentPosition) -> FeatureAnalysis.StepSite? {
        current(at.uri)?.step(atLine: at.position.line + 1)
    }

    private func definitions(of step: FeatureAnalysis.StepSite) -> [StepCatalog.Entry] {
        Set(step.texts.flatMap(matches)).sorted { $0.location.description < $1.location.description }
    }

    func definition(_ at: DocumentPosition) -> Any {
        guard let step = stepAt(at) else { return NSNull() }
        return definitions(of: step).map { entry -> [String: Any] in
            // Where the definition is now: the file may have changed since the runner was built.
            let url = sourceURL(entry.location.file)
            let line =
                swiftText(url).flatMap {
                    DefinitionSource.line(of: entry.expression, recorded: entry.location.line, in: $0)
                } ?? entry.location.line
            let position = ["line": max(0, line - 1), "character": 0]
            return ["uri": url.absoluteString, "range": ["start": position, "end": position]]
        }
    }

    /// Every step of the project that a definition of the step at the cursor matches.
    func references(_ at: DocumentPosition) -> Any {
        guard let step = stepAt(at) else { return [] as [Any] }
        let wanted = Set(definitions(of: step))
        guard !wanted.isEmpty else { return [] as [Any] }
        var locations: [[String: Any]] = []
        for analysis in allAnalyses().sorted(by: { $0.uri < $1.uri }) {
            for site in analysis.steps where site.texts.contains(where: { !wanted.isDisjoint(with: matches($0)) }) {
                let start = ["line": site.line - 1, "character": site.column - 1]
                let end = [
                    "line": site.line - 1, "character": site.column - 1 + site.length,
                ]
                locations.append(["uri": analysis.uri, "range": ["start": start, "end": end]])
            }
        }
        return locations
    }

    func hover(_ at: DocumentPosition) -> Any {
        guard let step = stepAt(at) else { return NSNull() }
        let entries = definitions(of: step)
        let value: String
        if entries.isEmpty {
            value = "Undefined step: no step definition matches it."
        } else {
            value = entries.map { entry in
                let types: String
                if entry.isRegularExpression {
                    let groups = entry.parameterTypes.count
                    types = groups == 0 ? "no capture groups" : "\(groups) capture group\(groups == 1 ? "" : "s")"
                } else {
                    types =
                        entry.parameterTypes.isEmpty
                        ? "no parameters"
                        : "parameters: " + entry.parameterTypes.map { "{\($0)}" }.joined(separator: ", ")
                }
                return "`\(entry.expression)` — \(types) — \(entry.location)"
            }.joined(separator: "\n\n")
        }
        return ["contents": ["kind": "markdown", "value": value]]
    }

    // MARK: The quick fix

    /// For each undefined step in the request, an edit that defines it: the runner's snippet,
    /// called on the registry as the definitions around it call it, inserted into the Swift
    /// file that holds most of the definitions, before the first of them. A definition whose
    /// expression that file holds already (saved, not built) is not written again: the action
    /// says to build, with no edit. Each definition is offered once per request.
    func codeActions(_ diagnostics: [[String: Any]]) -> Any {
        guard let target = definitionsFile() else { return [] as [Any] }
        var offered: Set<String> = []
        return diagnostics.compactMap { diagnostic -> [String: Any]? in
            guard diagnostic["code"] as? String == "undefined", let data = diagnostic["data"] as? [String: Any],
                let text = data["text"] as? String
            else { return nil }
            let snippet = DefinitionSource.calling(
                target.registry,
                catalog.snippet(
                    text: text, type: (data["type"] as? String).flatMap(PickleStepType.init(rawValue:)),
                    table: data["table"] as? Bool ?? false, docString: data["docString"] as? Bool ?? false))
            let expression = DefinitionSource.expressionLiteral(of: snippet)
            guard offered.insert(expression ?? snippet).inserted else { return nil }
            let file = target.url.lastPathComponent
            if let expression, !freshness.staleSources([target.url.path]).isEmpty,
                let reason = DefinitionSource.unbuiltNote(
                    snippet: snippet, in: [.init(name: file, text: target.text, registry: target.registry)])
            {
                return [
                    "title": "Build again: \(expression) is in \(file), not built", "kind": "quickfix",
                    "diagnostics": [diagnostic], "disabled": ["reason": reason],
                ]
            }
            let indented = snippet.split(separator: "\n", omittingEmptySubsequences: false).map { target.indent + $0 }
                .joined(separator: "\n")
            let position = ["line": target.line - 1, "character": 0]
            return [
                "title": "Define the step '\(text)' in \(file)", "kind": "quickfix",
                "diagnostics": [diagnostic], "isPreferred": true,
                "edit": [
                    "changes": [
                        target.url.absoluteString: [
                            ["range": ["start": position, "end": position], "newText": indented + "\n"]
                        ]
                    ]
                ],
            ]
        }
    }

    /// The Swift file with most of the step definitions, its text now, the line of its first
    /// definition, that line's indentation and the registry its definition is called on.
    private func definitionsFile() -> (url: URL, text: String, line: Int, indent: String, registry: String?)? {
        let byFile = Dictionary(grouping: catalog.entries, by: { sourceURL($0.location.file) })
        guard let (url, entries) = byFile.max(by: { ($0.value.count, $1.key.path) < ($1.value.count, $0.key.path) }),
            let text = swiftText(url),
            let point = DefinitionSource.insertionPoint(
                for: entries.map { ($0.expression, $0.location.line) }, in: text)
        else { return nil }
        return (url, text, point.line, point.indent, point.registry)
    }

    /// A Swift file's text as it is on disk now.
    func swiftText(_ url: URL) -> String? {
        FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: The document and the project

    /// The edits that make the document what `specs format` writes: each run of lines that
    /// differ replaced, line ends (CRLF too) and a byte order mark kept as the formatter keeps
    /// them. A document larger than the editor checks is refused with the command that formats it.
    func formatting(_ uri: String) throws(ProtocolError) -> Any {
        guard let analysis = parsed(uri) else { return [] as [Any] }
        guard analysis.text.utf8.count <= FeatureAnalysis.largestChecked else {
            let name = formatName(uri)
            throw .requestFailed(
                "\(name) is too large to format in the editor (larger than "
                    + "\(FeatureAnalysis.largestChecked >> 20) MB): `specs format \(name)` formats it.")
        }
        guard let document = analysis.document else { return [] as [Any] }
        // Indented as `specs format` indents the file: specs.json, else .editorconfig.
        let formatted = FeatureFormatter(indentation: style.indentation(of: uri)).format(
            document, source: analysis.body, byteOrderMark: analysis.byteOrderMark)
        let neovim = Self.isNeovim(initializeParameters)
        let edits = DocumentEdits.edits(from: analysis.text, to: formatted, endPastLastLine: neovim)
        // Neovim makes every `\r` of a new text a line break: it is refused edits that keep one the
        // formatter keeps but could not be cut around (another lone `\r` goes): applied, they would
        // split a step or change a doc string. Emacs inserts a `\r` as it is, in its line.
        if neovim, DocumentEdits.holdLoneReturns(edits) {
            let name = formatName(uri)
            throw .requestFailed(
                "\(name) holds carriage returns alone in its lines, which this editor would make line breaks of: "
                    + "`specs format \(name)` formats it.")
        }
        return edits.map { edit in ["range": edit.range.json, "newText": edit.newText] as [String: Any] }
    }

    /// A document's path as `specs format` takes it, run in the package: relative to its folder.
    private func formatName(_ uri: String) -> String {
        var name = URL(string: uri)?.path ?? uri
        if let folder = projectFolder, name.hasPrefix(folder + "/") { name.removeFirst(folder.count + 1) }
        return name
    }

    /// The features, rules and scenarios of the project whose titles hold the query.
    func workspaceSymbols(_ query: String) -> Any {
        let query = query.lowercased()
        var symbols: [[String: Any]] = []
        for analysis in allAnalyses().sorted(by: { $0.uri < $1.uri }) {
            let feature = analysis.headings.first { $0.kind == .feature }?.title ?? ""
            for heading in analysis.headings where heading.kind != .examples && heading.kind != .background {
                guard query.isEmpty || heading.title.lowercased().contains(query) else { continue }
                let position = ["line": heading.line - 1, "character": 0]
                symbols.append([
                    "name": heading.title, "kind": heading.kind.rawValue, "containerName": feature,
                    "location": ["uri": analysis.uri, "range": ["start": position, "end": position]],
                ])
            }
        }
        return symbols
    }
}
