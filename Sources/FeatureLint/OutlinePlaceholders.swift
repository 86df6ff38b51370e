import Gherkin

/// An outline's placeholders against its examples' columns.
package struct OutlinePlaceholders {
    /// Placeholders no column fills, each name once, at its own line and column. `plain`
    /// says it is plainly meant as a placeholder: in step text or a table cell, where the
    /// pickle compiler fills it; in the outline's name or a doc string it may be prose.
    /// Doc strings that hold markup (`<settings>`, `</settings>`, `[<When>]`) are not read
    /// for missing placeholders at all.
    /// `lackingIn`: the line of the one examples block that lacks the column, when others have it.
    package private(set) var missing: [(name: String, location: Location, plain: Bool, lackingIn: Int?)] = []
    /// Header cells no placeholder uses.
    package private(set) var unusedColumns: [TableCell] = []
    /// The names of the examples' columns.
    package let columns: [String]

    /// The placeholders of `outline`, located in `lines` (the file's lines, line ends
    /// aside) where they are given.
    package init(_ outline: Scenario, lines: [Substring] = []) {
        columns = outline.examples.flatMap { $0.tableHeader?.cells.map(\.value) ?? [] }
        // Each text where the compiler fills placeholders, where it starts, and whether a
        // `<name>` in it is plainly a placeholder.
        var texts: [(text: String, line: Int, column: Int, plain: Bool, reported: Bool)] = [
            (outline.name, outline.location.line, outline.location.column ?? 1, false, true)
        ]
        // The same texts whole (a doc string as one), as the compiler fills them.
        var wholeTexts = [outline.name]
        for step in outline.steps {
            wholeTexts += [step.text] + (step.dataTable?.rows.flatMap { $0.cells.map(\.value) } ?? [])
            if let doc = step.docString { wholeTexts += [doc.content] + (doc.mediaType.map { [$0] } ?? []) }
        }
        wholeTexts = wholeTexts.filter { $0.utf8.contains(UInt8(ascii: "<")) }
        for step in outline.steps {
            let column = (step.location.column ?? 1) + step.keyword.unicodeScalars.count
            texts.append((step.text, step.location.line, column, true, true))
            for row in step.dataTable?.rows ?? [] {
                for cell in row.cells {
                    texts.append((cell.value, cell.location.line, cell.location.column ?? 1, true, true))
                }
            }
            if let doc = step.docString {
                let markup = Self.holdsMarkup(doc)
                // The compiler fills the media type's placeholders too (`"""<format>`).
                if let mediaType = doc.mediaType {
                    let column = (doc.location.column ?? 1) + doc.delimiter.unicodeScalars.count
                    texts.append((mediaType, doc.location.line, column, false, !markup))
                }
                for (offset, line) in doc.content.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                {
                    texts.append((String(line), doc.location.line + 1 + offset, 1, false, !markup))
                }
            }
        }
        var used: Set<String> = []
        var reported: Set<String> = []
        // Each column's placeholder, as the compiler finds it: byte for byte (`<café>` written
        // with a combining accent is no placeholder of the column `café` written composed), and
        // whole (a column `a>b` is filled at `<a>b>`, `<>` is the column without a name).
        var exact: [[UInt8]: String] = [:]
        for name in columns where exact[Array(name.utf8)] == nil { exact[Array(name.utf8)] = name }
        // In the header's order, as the compiler fills them (a dictionary's order changes from run
        // to run, and so did the findings: tester Z2's Z2-8).
        var oddSeen: Set<[UInt8]> = []
        let odd = columns.map { Array($0.utf8) }.filter { name in
            (name.isEmpty || name.contains(UInt8(ascii: "<")) || name.contains(UInt8(ascii: ">")))
                && oddSeen.insert(name).inserted
        }
        // The examples blocks with a header, each with its columns, when there are several.
        let blocks =
            outline.examples.count < 2
            ? []
            : outline.examples.compactMap { examples -> (line: Int, columns: Set<[UInt8]>)? in
                guard let header = examples.tableHeader else { return nil }
                return (examples.location.line, Set(header.cells.map { Array($0.value.utf8) }))
            }
        var toldLacking: Set<[UInt8]> = []
        for text in texts {
            // Most texts hold no `<`: nothing to look for in them.
            guard text.text.utf8.contains(UInt8(ascii: "<")) else { continue }
            var rest = text.text
            var filled: [[UInt8]] = []
            // Columns whose names hold a bracket, or none, are found whole first (rare).
            if !odd.isEmpty {
                var bytes = Array(rest.utf8)
                for name in odd where bytes.contains(Array("<".utf8) + name + Array(">".utf8)) {
                    used.insert(exact[name] ?? "")
                    filled.append(name)
                    bytes = bytes.replacing(Array("<".utf8) + name + Array(">".utf8), with: [0x20])
                }
                rest = String(decoding: bytes, as: UTF8.self)
            }
            // The text's line read once, and each placeholder looked for after the one before
            // (they stand in order): a line of many costs what it holds.
            var written: SourceLine?
            var from = text.column
            func place(of name: String) -> Location {
                if written == nil, text.line <= lines.count { written = SourceLine(lines[text.line - 1]) }
                let found = written?.column(of: "<\(name)>", from: from)
                if let found { from = found + 1 }
                return Location(line: text.line, column: found ?? text.column)
            }
            for name in Placeholders.in(rest) {
                let bytes = Array(name.utf8)
                if let column = exact[bytes] {
                    used.insert(column)
                    filled.append(bytes)
                    continue
                }
                guard text.reported, !Self.isMarkup(name), reported.insert(name).inserted else { continue }
                missing.append((name, place(of: name), text.plain, nil))
            }
            // A column of some examples blocks but not of another: that block's rows keep it as written.
            guard text.reported, blocks.count > 1 else { continue }
            for name in filled where !toldLacking.contains(name) {
                guard let lacking = blocks.first(where: { !$0.columns.contains(name) }) else { continue }
                // Unless that block's own columns fill the text otherwise (`<b>>` by a column `b`).
                if let examples = outline.examples.first(where: { $0.location.line == lacking.line }),
                    !Self.fill(text.text, header: examples.tableHeader?.cells ?? [], row: examples.tableBody.first)
                        .text.contains(Array("<".utf8) + name + Array(">".utf8))
                {
                    continue
                }
                toldLacking.insert(name)
                let shown = String(decoding: name, as: UTF8.self)
                missing.append((shown, place(of: shown), text.plain, lacking.line))
            }
        }
        unusedColumns = outline.examples.flatMap { examples -> [TableCell] in
            let header = examples.tableHeader?.cells ?? []
            let reached = Self.reached(from: used, header: header, rows: examples.tableBody)
            let unused = header.filter { !reached.contains($0.value) }
            // Told unused only when the compiler, filling every row, never fills it: a placeholder
            // a value makes with the text around it (`<<kind>_id>`), or one written over a doc
            // string's lines, is the compiler's to find, not a scan's.
            guard !unused.isEmpty else { return [] }
            var filled: Set<Int> = []
            for row in examples.tableBody.isEmpty ? [nil] : examples.tableBody.map(Optional.some) {
                for text in wholeTexts { filled.formUnion(Self.fill(text, header: header, row: row).columns) }
            }
            return unused.filter { cell in !header.indices.contains { filled.contains($0) && header[$0] == cell } }
        }
    }

    /// `text` as the pickle compiler fills it from `row`: each column in the header's order,
    /// every `<name>` of it replaced by its value, byte for byte; and the columns (by position)
    /// that found their placeholder at their turn. Without a row, values are empty.
    static func fill(_ text: String, header: [TableCell], row: TableRow?) -> (text: [UInt8], columns: Set<Int>) {
        var bytes = Array(text.utf8)
        var columns: Set<Int> = []
        for (index, cell) in header.enumerated() {
            let value = row.flatMap { index < $0.cells.count ? $0.cells[index].value : nil } ?? ""
            guard let filled = ByteSearch.replacing(Array("<\(cell.value)>".utf8), with: Array(value.utf8), in: bytes)
            else { continue }
            columns.insert(index)
            bytes = filled
        }
        return (bytes, columns)
    }

    /// The columns of one examples block the compiler fills, given the placeholders `used`
    /// in the outline's texts: a column whose placeholder stands in a used column's value
    /// is filled too when it comes later in the header, as columns are applied in order
    /// (`r` = `<s>`, then `s` = `passes`).
    static func reached(from used: Set<String>, header: [TableCell], rows: [TableRow]) -> Set<String> {
        var reached = used
        // Each name's first column, by its bytes, as the compiler matches them.
        var order: [[UInt8]: Int] = [:]
        for (index, cell) in header.enumerated() where order[Array(cell.value.utf8)] == nil {
            order[Array(cell.value.utf8)] = index
        }
        // Names without brackets or spaces at their ends are found by reading a value's
        // placeholders once; others by looking for each column's (rare).
        let plain = header.allSatisfy { cell in
            let name = cell.value.utf8
            return !name.isEmpty && !name.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
                && name.first != 32 && name.last != 32
        }
        var pending = header.indices.filter { used.contains(header[$0].value) }
        while let column = pending.popLast() {
            for row in rows where column < row.cells.count {
                let value = Array(row.cells[column].value.utf8)
                guard ByteSearch.contains(UInt8(ascii: "<"), in: value) else { continue }
                let named: [Int] =
                    plain
                    ? Placeholders.in(row.cells[column].value).compactMap { order[Array($0.utf8)] }
                    : header.indices.compactMap { index in
                        ByteSearch.first(Array("<\(header[index].value)>".utf8), in: value) == nil
                            ? nil : order[Array(header[index].value.utf8)]
                    }
                for later in named where later > column && reached.insert(header[later].value).inserted {
                    pending.append(later)
                }
            }
        }
        return reached
    }

    /// Whether `name` is a column's name in other Unicode (decomposed where the column is
    /// composed, or the reverse): equal as Swift compares text, no placeholder of it to the compiler.
    package func isColumnInOtherUnicode(_ name: String) -> Bool {
        columns.contains { $0 == name && !$0.utf8.elementsEqual(name.utf8) }
    }

    /// Whether a `<...>` is an element, not a placeholder: `<foo xmlns='http://bar'/>`,
    /// `</b>`, `<!-- -->`, `<?xml ...?>`.
    static func isMarkup(_ name: String) -> Bool {
        name.hasPrefix("/") || name.hasPrefix("!") || name.hasPrefix("?") || name.hasSuffix("/") || name.contains("=")
    }

    /// Whether a doc string holds markup, where `<name>` is an element and not a
    /// placeholder: an XML or HTML media type, or closing, empty or declaration tags, or
    /// F# attributes (`[<When>]`).
    static func holdsMarkup(_ doc: DocString) -> Bool {
        let mediaType = doc.mediaType?.lowercased() ?? ""
        if ["xml", "html", "svg", "xhtml", "jsx", "tsx", "vue", "fsharp", "f#"].contains(where: mediaType.contains) {
            return true
        }
        return ["</", "/>", "<?", "<!", "[<"].contains { doc.content.contains($0) }
    }
}

/// `<name>`s in a text, as the pickle compiler reads them.
enum Placeholders {
    static func `in`(_ text: String) -> [String] {
        // Read in UTF-8 code units, as the compiler replaces them: `<` and `>` are ASCII, so
        // every index found is a character boundary.
        let bytes = text.utf8
        var names: [String] = []
        var rest = bytes[...]
        while let open = rest.firstIndex(of: UInt8(ascii: "<")),
            let close = rest[open...].firstIndex(of: UInt8(ascii: ">"))
        {
            let name = rest[bytes.index(after: open)..<close]
            if !name.isEmpty, !name.contains(UInt8(ascii: "<")), name.first != UInt8(ascii: " "),
                name.last != UInt8(ascii: " ")
            {
                names.append(String(decoding: name, as: UTF8.self))
            }
            rest = rest[bytes.index(after: open)...]
        }
        return names
    }
}
