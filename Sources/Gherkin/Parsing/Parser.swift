/// Reads Gherkin source into a `GherkinDocument`, exactly as the official parsers do:
/// one token per line, a state machine generated from `Grammar`, every error
/// collected (recovering line by line) rather than stopping at the first.
public struct Parser: Sendable {
    /// The language used when the source has no `# language:` header.
    public var defaultLanguage: String

    /// A parser of files written in `defaultLanguage` unless their `# language:` header says otherwise.
    public init(defaultLanguage: String = "en") {
        self.defaultLanguage = defaultLanguage
    }

    /// Parses `source`; throws every error found when there is any. A document without
    /// grammar errors is also refused, at the example row, when an outline's placeholders
    /// would make a pickle text more than 1 MiB longer than written (see the README).
    public func parse<Ids: IdGenerator>(
        _ source: String, uri: String?, ids: inout Ids
    ) throws(ParseErrors) -> GherkinDocument {
        guard let dialect = KeywordTable.index(of: defaultLanguage) else {
            throw ParseErrors([
                ParseError(
                    message: "Language not supported: \(defaultLanguage)", location: Location(line: 1, column: 1))
            ])
        }
        guard source.utf8.count <= Self.sizeLimit else {
            throw ParseErrors([
                ParseError(
                    message:
                        "the source is too large (\(source.utf8.count) bytes): the limit is \(Self.sizeLimit) bytes",
                    location: Location(line: 1, column: 1))
            ])
        }
        let outcome = Self.withBytes(of: source) { bytes in
            var run = ParserRun(source: bytes, dialect: dialect, ids: ids)
            run.parse()
            if run.errors.isEmpty, let feature = run.builder.feature,
                let error = ExpansionLimit.firstError(in: feature, sourceSize: bytes.count)
            {
                run.errors = [error]
            }
            if let advanced = run.builder.ids as? Ids { ids = advanced }
            return run.errors.isEmpty
                ? Result.success(
                    GherkinDocument(uri: uri, feature: run.builder.feature, comments: run.builder.comments))
                : Result.failure(ParseErrors(run.errors))
        }
        return try outcome.get()
    }

    /// The largest source parsed: nodes count their children in 32 bits.
    public static let sizeLimit = Int(Int32.max)

    private static func withBytes<R>(of source: String, _ body: (SourceBytes) -> R) -> R {
        body(SourceBytes(base: Array(source.utf8)))
    }
}

/// The state of one parse.
struct ParserRun {
    private let table = TransitionTable.shared
    var scanner: LineScanner
    var matcher: TokenMatcher
    var builder: AstBuilder
    /// Tokens read ahead by a lookahead and not consumed yet.
    var queue: [Token] = []
    var queueStart = 0
    var errors: [ParseError] = []
    /// The reference parsers give up after this many errors.
    static var errorLimit: Int { 10 }

    init(source: SourceBytes, dialect: Int, ids: any IdGenerator) {
        self.scanner = LineScanner(source)
        self.matcher = TokenMatcher(source: source, dialect: dialect)
        self.builder = AstBuilder(ids: ids)
    }

    /// The line loop.
    mutating func parse() {
        var state = TransitionTable.start
        while true {
            let token = read()
            state = step(from: state, token)
            if token.isEOF || errors.count > Self.errorLimit { break }
        }
    }

    private mutating func read() -> Token {
        guard queueStart < queue.count else { return scanner.next() }
        let token = queue[queueStart]
        queueStart += 1
        if queueStart == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueStart = 0
        }
        return token
    }

    /// The token `offset` places after the next one, read ahead without consuming it.
    private mutating func peek(_ offset: Int) -> Token {
        while queue.count - queueStart <= offset { queue.append(scanner.next()) }
        return queue[queueStart + offset]
    }

    private mutating func step(from state: Int, _ original: Token) -> Int {
        var token = original
        // The state's entries of the types the line may be, as bits in entry order.
        var pending = table.entries(of: state, taking: matcher.candidates(token))
        let first = table.states[state].lowerBound
        while pending != 0 {
            let index = first &+ pending.trailingZeroBitCount
            pending &= pending &- 1
            let transition = table.entries[index]
            guard match(transition.token, &token) else { continue }
            if let lookahead = transition.lookahead, !self.lookahead(for: lookahead) { continue }
            apply(transition, token)
            return transition.next
        }
        addError(unexpected(token, expected: table.expected[state]))
        return state
    }

    private mutating func match(_ type: TokenType, _ token: inout Token) -> Bool {
        // A line matched while looking ahead is not matched again.
        if token.isMatched, token.type == type { return true }
        do {
            return try matcher.match(type, &token)
        } catch {
            addError(error)
            return false
        }
    }

    private mutating func apply(_ transition: TransitionTable.Entry, _ token: Token) {
        if let target = transition.closeTo {
            while builder.top != target && builder.depth > 1 { close() }
            if target == .gherkinDocument { close() }
        }
        for index in transition.open { builder.open(table.opens[index]) }
        builder.build(token, matcher)
    }

    private mutating func close() {
        do {
            try builder.close(matcher)
        } catch {
            addError(error)
        }
    }

    /// Reads ahead past empty lines, comments and tags to see whether the tags
    /// belong to a scenario or to an examples block.
    private mutating func lookahead(for target: Lookahead) -> Bool {
        let wanted: TokenType = target == .scenario ? .scenarioLine : .examplesLine
        var offset = 0
        while true {
            var token = peek(offset)
            let candidates = matcher.candidates(token)
            if candidates.contains(wanted), match(wanted, &token) {
                queue[queueStart + offset] = token
                return true
            }
            if (candidates.contains(.empty) && match(.empty, &token))
                || (candidates.contains(.comment) && match(.comment, &token))
                || (candidates.contains(.tagLine) && match(.tagLine, &token))
            {
                queue[queueStart + offset] = token
                offset += 1
                continue
            }
            return false
        }
    }

    private func unexpected(_ token: Token, expected: String) -> ParseError {
        if token.isEOF {
            return ParseError(
                message: "unexpected end of file, expected: \(expected)", location: Location(line: token.lineNumber))
        }
        let column = token.column ?? (token.line.indent + 1)
        return ParseError(
            message: "expected: \(expected), got '\(matcher.valueForError(token))'",
            location: Location(line: token.lineNumber, column: column))
    }

    /// As the official parsers do, the error past the limit ends the parse: one line that
    /// yields two errors there does not add a twelfth.
    private mutating func addError(_ error: ParseError) {
        guard errors.count <= Self.errorLimit else { return }
        guard !errors.contains(where: { $0.description == error.description }) else { return }
        errors.append(error)
    }
}
