/// The grammar's transitions, computed once and laid out flat: states are numbered so
/// that the parser moves by array index, and entries are plain values.
struct TransitionTable: Sendable {
    /// A transition with its target state's number; the rules it opens are `opens[open]`.
    struct Entry: Sendable {
        let token: TokenType
        let lookahead: Lookahead?
        let closeTo: RuleType?
        let open: Range<Int>
        let next: Int
    }

    /// Every state's entries, state after state.
    let entries: [Entry]
    /// Each entry's token as a `TokenTypes` bit, side by side with `entries`: the parser
    /// skips the entries a line cannot match by these alone.
    let tokenBits: [UInt16]
    /// The range of `entries` that belongs to each state.
    let states: [Range<Int>]
    let opens: [RuleType]
    /// The tokens each state accepts, as error messages list them.
    let expected: [String]

    /// The number of the start state.
    static let start = 0

    static let shared: TransitionTable = {
        var numbers: [ParserState: Int] = [:]
        var states: [ParserState] = []
        func number(_ state: ParserState) -> Int {
            if let known = numbers[state] { return known }
            numbers[state] = states.count
            states.append(state)
            return states.count - 1
        }
        _ = number(.start)
        var entries: [Entry] = []
        var ranges: [Range<Int>] = []
        var opens: [RuleType] = []
        var expected: [String] = []
        var index = 0
        while index < states.count {
            let raw = Grammar.transitions(from: states[index])
            let first = entries.count
            for transition in raw {
                let openStart = opens.count
                opens += transition.open
                entries.append(Entry(
                    token: transition.token, lookahead: transition.lookahead, closeTo: transition.closeTo,
                    open: openStart..<opens.count, next: number(transition.next)))
            }
            ranges.append(first..<entries.count)
            var seen: Set<TokenType> = []
            expected.append(raw.compactMap { seen.insert($0.token).inserted ? "#\($0.token.rawValue)" : nil }.joined(separator: ", "))
            index += 1
        }
        return TransitionTable(
            entries: entries, tokenBits: entries.map { TokenTypes($0.token).bits }, states: ranges, opens: opens,
            expected: expected)
    }()
}
