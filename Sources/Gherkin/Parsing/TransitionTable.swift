/// The grammar's transitions, computed once and laid out flat: states are numbered so
/// that the parser moves by array index, and entries are plain values.
final class TransitionTable: Sendable {
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
    /// Which of a state's entries take any of a set of token types, one bit per entry
    /// from the state's first: the parser tries only the entries of the types a line
    /// may be, in order. A set's low and high halves (`halfBits` bits each) are looked
    /// up apart, at `(state * 2 + half) * 2^halfBits + bits`, and the two joined.
    private let entriesByTypes: [UInt64]
    /// The bits of a set's low half: half the token types, rounded up.
    private static let halfBits = (TokenType.allCases.count + 1) / 2
    /// The range of `entries` that belongs to each state.
    let states: [Range<Int>]
    let opens: [RuleType]
    /// The tokens each state accepts, as error messages list them.
    let expected: [String]

    /// The number of the start state.
    static let start = 0

    private init(
        entries: [Entry], entriesByTypes: [UInt64], states: [Range<Int>],
        opens: [RuleType], expected: [String]
    ) {
        self.entries = entries
        self.entriesByTypes = entriesByTypes
        self.states = states
        self.opens = opens
        self.expected = expected
    }

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
                entries.append(
                    Entry(
                        token: transition.token, lookahead: transition.lookahead, closeTo: transition.closeTo,
                        open: openStart..<opens.count, next: number(transition.next)))
            }
            ranges.append(first..<entries.count)
            var seen: Set<TokenType> = []
            expected.append(
                raw.compactMap { seen.insert($0.token).inserted ? "#\($0.token.rawValue)" : nil }.joined(
                    separator: ", "))
            index += 1
        }
        let halves = 1 << halfBits
        var entriesByTypes = [UInt64](repeating: 0, count: ranges.count * 2 * halves)
        for (state, range) in ranges.enumerated() {
            // The grammar is fixed; a test checks that no state has more than 64 entries.
            precondition(range.count <= 64, "a grammar state has more than 64 transitions")
            for index in range {
                let type = TokenTypes(entries[index].token).bits.trailingZeroBitCount
                let (half, bit) = type.quotientAndRemainder(dividingBy: halfBits)
                let first = (state * 2 + half) * halves
                // Every set of the half's types that holds this one.
                for bits in 0..<halves where bits & 1 << bit != 0 {
                    entriesByTypes[first + bits] |= 1 << UInt64(index - range.lowerBound)
                }
            }
        }
        // What the parser reads: every entry's target and opened rules, and every
        // state's entries. `entries(of:taking:)` stays inside `entriesByTypes` by
        // its layout: a set of token types has at most `2 * halfBits` bits.
        precondition(ranges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= entries.count })
        precondition(entries.allSatisfy { $0.next >= 0 && $0.next < ranges.count && $0.open.upperBound <= opens.count })
        return TransitionTable(
            entries: entries, entriesByTypes: entriesByTypes, states: ranges,
            opens: opens, expected: expected)
    }()

    /// The entries of `state` that take any of `types`, one bit per entry from the state's first.
    @inline(__always) func entries(of state: Int, taking types: TokenTypes) -> UInt64 {
        let bits = Int(types.bits)
        let halves = 1 &<< Self.halfBits
        let low = entriesByTypes[(state &* 2) &* halves &+ (bits & (halves &- 1))]
        let high = entriesByTypes[(state &* 2 &+ 1) &* halves &+ (bits &>> Self.halfBits)]
        return low | high
    }
}
