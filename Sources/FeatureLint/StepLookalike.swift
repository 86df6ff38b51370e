import Gherkin

/// How a description line reads against the step keywords: as a step of the file's
/// language, a step of another language, a misspelt step, or prose. A step written so is
/// legal Gherkin but description text: it never runs.
enum StepLookalike: Equatable {
    /// A step keyword of the file's language (description text only under a feature or rule),
    /// or one of another language too common a word to report (`Und`, `Men`, `Data`).
    case step
    /// `word` is a step keyword of `language`; `native` is the file's keyword of its kind.
    case foreign(word: String, language: String, native: String)
    /// `word` is one typo away from the file's step keyword `meant`.
    case misspelt(word: String, meant: String)
    /// The file's step keyword `keyword`, followed by a `space` other than a plain space (a
    /// tab, a no-break space pasted from a document): the grammar reads no keyword there.
    case oddSpace(keyword: String, space: String)
    /// The file's step keyword `keyword` followed by a colon (`Given: an account`), as a
    /// section's keyword is: the grammar reads no step keyword there.
    case colon(keyword: String)
    /// The file's step keyword `keyword` written in decomposed Unicode (`E` and a combining
    /// accent for `É`): equal as Swift compares text, no keyword to the parser, which reads bytes.
    case decomposed(keyword: String)
    /// The file's step keyword or `*` written straight before the text of a step the runner
    /// defines (`*a step`, `Givena step`): the keyword is read with its space.
    case unspaced(keyword: String)

    /// Whether it reads as a misspelt keyword.
    var isMisspelt: Bool { if case .misspelt = self { true } else { false } }

    /// How `line` (a description line, indentation aside) reads in `dialect`: nil for prose.
    /// Prose ends a sentence (`.`, `?`, `!`, `;`, `:`); a step has text after its keyword.
    static func reading(_ line: Substring, in dialect: Dialect) -> StepLookalike? {
        reading(line, in: DialectWords(dialect))
    }

    /// A dialect's step keywords and headers, worked out once for the lines read in it.
    struct DialectWords {
        let dialect: Dialect
        /// Its step keywords (`stepKeywords(of:)`).
        let own: [String]
        let headers: Set<String>
        /// Its step keywords in small letters (`given`).
        let lowercased: Set<String>
        /// The most bytes a first few words of a line may have and still be a step keyword
        /// of any language, or one typo away from one of this dialect's: longer ones are prose.
        let longestLead: Int

        init(_ dialect: Dialect) {
            self.dialect = dialect
            own = StepLookalike.stepKeywords(of: dialect)
            headers = Set(KeywordLookalike.headers(of: dialect))
            lowercased = Set(own.map { $0.lowercased() })
            longestLead = max(ForeignStepKeywords.longest, (own.map(\.utf8.count).max() ?? 0) + Typo.mostBytesApart)
        }
    }

    /// How `line` reads in the dialect of `known`: see `reading(_:in:)`.
    static func reading(_ line: Substring, in known: DialectWords) -> StepLookalike? {
        guard let last = line.last, !".?!;:".contains(last) else { return nil }
        // `*`, every language's keyword, followed by a tab or a pasted no-break space; or
        // written straight before text, which may be prose (`*emphasis*`) and is told only
        // before a defined step (`shortForeign`).
        if line.hasPrefix("*"), let after = line.unicodeScalars.dropFirst().first, after != " ",
            line.dropFirst().contains(where: { !$0.isWhitespace })
        {
            guard after.properties.isWhitespace else { return .step }
            let space = after == "\t" ? "a tab" : "U+\(String(after.value, radix: 16, uppercase: true))"
            return .oddSpace(keyword: "*", space: space)
        }
        let (dialect, own) = (known.dialect, known.own)
        for keyword in own where line.hasPrefix(keyword) {
            if !line.utf8.starts(with: keyword.utf8), line.count > keyword.count {
                return .decomposed(keyword: keyword)
            }
            let after = line.dropFirst(keyword.count).unicodeScalars.first
            if let after, after != " ", after != "\n", after != "\r",
                after.properties.isWhitespace || Self.invisibleSpaces.contains(after)
            {
                let space = after == "\t" ? "a tab" : "U+\(String(after.value, radix: 16, uppercase: true))"
                return .oddSpace(keyword: keyword, space: space)
            }
            if line.dropFirst(keyword.count).hasPrefix(":"), line.count > keyword.count + 1 {
                return .colon(keyword: keyword)
            }
        }
        // Another language's keyword before a no-break space or a colon (`Angenommen` and a
        // pasted no-break space, `Quand: le client paie`): a short one only before a defined step.
        if let (keyword, _) = oddlySeparated(line) {
            if let foreign = distinctiveForeign(keyword, in: dialect) { return foreign }
            if ForeignStepKeywords.common.contains(keyword), !own.contains(keyword) { return .step }
        }
        // Another language's keyword written straight before its text (`假如`, `Lorsqu'`):
        // such a line may be a step, when nothing else tells it; it is told only before a
        // defined step (`shortForeign`).
        let unspaced: StepLookalike? =
            ForeignStepKeywords.unspaced(leading: line, besides: dialect) != nil ? .step : nil
        let words = line.split { $0 == " " || $0 == "\t" }
        guard words.count > 1 else { return unspaced }
        // The first words of the line, as many as a keyword has, followed by text.
        let leads = self.leads(of: words, upTo: known.longestLead)
        // Another language's keyword that is a word of prose too (`Dado`, `Eğer`) reads as a
        // step, unless the line goes on into a longer one distinctive enough (`Dado que`, `Eğer ki`).
        if leads.contains(where: own.contains)
            || (leads.contains(where: ForeignStepKeywords.common.contains)
                && !leads.contains(where: { ForeignStepKeywords.others[$0] != nil }))
        {
            return .step
        }
        // The file's keyword in small letters (`given a step`, a user story's `and see my orders`):
        // prose unless a step is defined so (`shortForeign`).
        if leads.contains(where: known.lowercased.contains) {
            return .step
        }
        let headers = known.headers
        let english = ForeignStepKeywords.english
        if dialect.language != "en", let lead = leads.first(where: { english[$0] != nil }), let kind = english[lead] {
            return .foreign(word: lead, language: "en", native: native(kind, in: dialect))
        }
        for (count, lead) in zip(1..., leads) where !headers.contains(lead) {
            // A keyword in capitals before words that are not (`GIVEN an account`) is a near
            // miss too; a line in capitals (`THEN SHOUT it`) or a keyword in small letters
            // (`and see my orders`, a user story's line) is not told from prose.
            let shouted = lead != lead.lowercased() && lead == lead.uppercased()
            let quiet = words.count > count && words[count] != words[count].uppercased()
            if let meant = own.first(where: {
                Typo.isNearMiss(lead, of: $0) || (shouted && quiet && lead == $0.uppercased())
            }) {
                return .misspelt(word: lead, meant: meant)
            }
        }
        for lead in leads {
            if let found = ForeignStepKeywords.others[lead],
                let (language, kind) = found.first(where: {
                    $0.language != dialect.language && $0.language != "en"
                })
            {
                return .foreign(word: lead, language: language, native: native(kind, in: dialect))
            }
        }
        return unspaced
    }

    /// How `line` reads when it starts with another language's short step keyword (`Wenn`,
    /// `Dado`, too much a word of prose to be told on its own), with `*` and no space, or with the
    /// file's keyword in small letters, followed by the text of a step the runner defines
    /// (`definedStep`): as that step; nil otherwise.
    static func shortForeign(
        _ line: Substring, in known: DialectWords, definedStep: (String) -> Bool
    ) -> StepLookalike? {
        let (dialect, own) = (known.dialect, known.own)
        if line.hasPrefix("*"), !line.dropFirst().hasPrefix(" "), definedStep(String(line.dropFirst().trimmingSpaces)) {
            return .unspaced(keyword: "*")
        }
        // The file's own keyword in small letters before a defined step's text (`given a step`:
        // prose, as a user story's `and see my orders` is, unless a step is defined so).
        let spaced = line.split { $0 == " " || $0 == "\t" }
        if spaced.count > 1 {
            for (count, lead) in zip(1..., leads(of: spaced, upTo: known.longestLead)) {
                guard let meant = own.first(where: { $0 != lead && $0.lowercased() == lead.lowercased() }),
                    definedStep(spaced[count...].joined(separator: " "))
                else { continue }
                return .misspelt(word: lead, meant: meant)
            }
        }
        if let (keyword, rest) = oddlySeparated(line), !own.contains(keyword),
            let found = ForeignStepKeywords.short[keyword],
            let (language, kind) = found.first(where: { $0.language != dialect.language }), definedStep(String(rest))
        {
            return .foreign(word: keyword, language: language, native: native(kind, in: dialect))
        }
        if let found = ForeignStepKeywords.unspaced(leading: line, besides: dialect), definedStep(String(found.rest)) {
            return .foreign(word: found.keyword, language: found.language, native: native(found.kind, in: dialect))
        }
        let words = line.split { $0 == " " || $0 == "\t" }
        guard words.count > 1 else { return nil }
        for (count, lead) in zip(1..., leads(of: words, upTo: ForeignStepKeywords.longest)) {
            guard !own.contains(lead), let found = ForeignStepKeywords.short[lead],
                let (language, kind) = found.first(where: { $0.language != dialect.language }),
                definedStep(words[count...].joined(separator: " "))
            else { continue }
            return .foreign(word: lead, language: language, native: native(kind, in: dialect))
        }
        return nil
    }

    /// How `line` reads when it starts with the file's own step keyword glued to the text of a
    /// step the runner defines (`Givena step that fails`): nil otherwise. A line that reads as
    /// prose or a misspelt keyword (`Thenn f`) may be one.
    static func glued(
        _ line: Substring, in known: DialectWords, definedStep: (String) -> Bool
    ) -> StepLookalike? {
        for keyword in known.own where line.hasPrefix(keyword) {
            let rest = line.dropFirst(keyword.count)
            guard let first = rest.first, !first.isWhitespace, definedStep(String(rest)) else { continue }
            return .unspaced(keyword: keyword)
        }
        return nil
    }

    /// The first words of a line joined, one, two, up to seven of them, followed by more text
    /// (`Gegeben`, `Gegeben sei`), none longer than `bytes`.
    private static func leads(of words: [Substring], upTo bytes: Int) -> [String] {
        var leads: [String] = []
        for count in 1..<min(words.count, 8) {
            let lead = count == 1 ? String(words[0]) : leads[count - 2] + " " + words[count - 1]
            guard lead.utf8.count <= bytes else { break }
            leads.append(lead)
        }
        return leads
    }

    /// The words of `line` before its first space other than a plain space or a tab (a
    /// no-break space, pasted), or its first colon, when they may be a keyword and text follows.
    private static func oddlySeparated(_ line: Substring) -> (keyword: String, rest: Substring)? {
        guard
            let odd = line.firstIndex(where: { $0 == ":" || ($0 != " " && $0 != "\t" && $0.isWhitespace) })
        else { return nil }
        let keyword = line[..<odd].trimmingSpaces
        let rest = line[line.index(after: odd)...].trimmingSpaces
        guard !keyword.isEmpty, !rest.isEmpty, keyword.utf8.count <= ForeignStepKeywords.longest else { return nil }
        return (String(keyword), rest)
    }

    /// `keyword` as another language's step keyword distinctive enough to tell (`Angenommen`;
    /// an English one in a file of another language); nil when it is none.
    private static func distinctiveForeign(_ keyword: String, in dialect: Dialect) -> StepLookalike? {
        if dialect.language != "en", let kind = ForeignStepKeywords.english[keyword] {
            return .foreign(word: keyword, language: "en", native: native(kind, in: dialect))
        }
        if let found = ForeignStepKeywords.others[keyword],
            let (language, kind) = found.first(where: { $0.language != dialect.language && $0.language != "en" })
        {
            return .foreign(word: keyword, language: language, native: native(kind, in: dialect))
        }
        return nil
    }

    /// The step keywords of `dialect` written before a space, without it (`Given`, `Gegeben sei`).
    static func stepKeywords(of dialect: Dialect) -> [String] {
        (dialect.given + dialect.when + dialect.then + dialect.and + dialect.but).filter {
            $0 != "* " && $0.hasSuffix(" ")
        }
        .map { String($0.dropLast()) }
    }

    /// Characters that show as nothing or a space but are none to Unicode's whitespace: a
    /// zero-width no-break space (a byte order mark pasted mid-line) and a zero-width space.
    private static let invisibleSpaces: Set<Unicode.Scalar> = ["\u{FEFF}", "\u{200B}"]

    /// The file's keyword of the same kind (`Angenommen` for `Given` in German).
    private static func native(_ kind: StepKind, in dialect: Dialect) -> String {
        let keywords = kind.keywords(in: dialect).filter { $0 != "* " }
        return (keywords.first ?? "* ").trimmingSpaces.description
    }
}

/// The five kinds of step keyword.
enum StepKind: CaseIterable, Sendable {
    case given, when, then, and, but

    func keywords(in dialect: Dialect) -> [String] {
        switch self {
        case .given: dialect.given
        case .when: dialect.when
        case .then: dialect.then
        case .and: dialect.and
        case .but: dialect.but
        }
    }
}

/// Step keywords of every language, looked up by their words.
enum ForeignStepKeywords {
    /// English step keywords (`Given`, `And`), each with its kind.
    static let english: [String: StepKind] = {
        var table: [String: StepKind] = [:]
        guard let dialect = Dialect.named("en") else { return table }
        for kind in StepKind.allCases {
            for keyword in kind.keywords(in: dialect)
            where keyword != "* " && table[keyword.trimmingSpaces.description] == nil {
                table[keyword.trimmingSpaces.description] = kind
            }
        }
        return table
    }()

    /// Other languages' step keywords distinctive enough to be told from a word of prose: of
    /// five letters or more (`Angenommen`, `Quand`; not `Und`, `Men`, `Als`, `Data` or `Toda`,
    /// words of other languages), written of letters, each with the languages that have it.
    static let others = everyLanguage { word in
        word.filter(\.isLetter).count >= 5 && word.allSatisfy { $0.isLetter || $0 == " " }
    }

    /// The step keywords of every language written before a space (without it) that `keeps`
    /// takes, each with the languages that have it, every language once.
    private static func everyLanguage(
        _ keeps: (String) -> Bool
    ) -> [String: [(language: String, kind: StepKind)]] {
        var table: [String: [(language: String, kind: StepKind)]] = [:]
        for language in Dialect.languages {
            guard let dialect = Dialect.named(language) else { continue }
            for kind in StepKind.allCases {
                for keyword in kind.keywords(in: dialect) where keyword.hasSuffix(" ") && keyword != "* " {
                    let word = String(keyword.dropLast())
                    guard keeps(word), !(table[word]?.contains { $0.language == language } ?? false) else { continue }
                    table[word, default: []].append((language, kind))
                }
            }
        }
        return table
    }

    /// The most bytes a step keyword of any language has (without its space).
    static let longest: Int =
        Dialect.languages.compactMap(Dialect.named).flatMap(StepLookalike.stepKeywords(of:)).map(\.utf8.count).max()
        ?? 0

    /// The step keywords written straight before their text, without a space (`假如`, `もし`,
    /// `Lorsqu'`), each with its language and kind, longest first; not those of `em`, pictures.
    private static let unspacedKeywords: [(keyword: String, language: String, kind: StepKind)] = {
        var found: [(keyword: String, language: String, kind: StepKind)] = []
        for language in Dialect.languages where language != "em" {
            guard let dialect = Dialect.named(language) else { continue }
            for kind in StepKind.allCases {
                for keyword in kind.keywords(in: dialect) where !keyword.hasSuffix(" ") && !keyword.isEmpty {
                    found.append((keyword, language, kind))
                }
            }
        }
        return found.sorted { $0.keyword.count > $1.keyword.count }
    }()

    /// The first scalars of those keywords: most lines start with none.
    private static let unspacedFirsts = Set(unspacedKeywords.compactMap(\.keyword.unicodeScalars.first))

    /// The keyword `line` starts with that another language writes straight before its text
    /// (`假如` in a file that is not in Chinese), and the text after it; nil when there is none,
    /// no text follows, or `dialect` has the keyword itself.
    static func unspaced(
        leading line: Substring, besides dialect: Dialect
    ) -> (keyword: String, rest: Substring, language: String, kind: StepKind)? {
        // Indentation and spaces of any kind: an input method's full-width space (U+3000), a
        // pasted no-break space.
        let line = line.drop(while: \.isWhitespace)
        guard let first = line.unicodeScalars.first, unspacedFirsts.contains(first) else { return nil }
        for entry in unspacedKeywords where line.hasPrefix(entry.keyword) {
            let own = StepKind.allCases.contains { $0.keywords(in: dialect).contains(entry.keyword) }
            var rest = line.dropFirst(entry.keyword.count).drop(while: \.isWhitespace)
            while rest.last?.isWhitespace == true { rest = rest.dropLast() }
            guard entry.language != dialect.language, !own, !rest.isEmpty else { return nil }
            return (entry.keyword, rest, entry.language, entry.kind)
        }
        return nil
    }

    /// Every language's step keywords too short to tell from a word of prose (`Und`, `Data`).
    static let common: Set<String> = Set(short.keys)

    /// Those keywords (`Wenn`, `Dado`, `Soit`), each with the languages that have it: one is
    /// told only before the text of a step the runner defines (`StepLookalike.shortForeign`).
    static let short = everyLanguage { others[$0] == nil && english[$0] == nil }
}
