/// The grammar's transitions, computed once: states are numbered so that the parser
/// moves by array index rather than by hashing its state.
enum TransitionTable {
    /// A transition with its target state's number.
    struct Entry: Sendable {
        let token: TokenType
        let lookahead: Lookahead?
        let closeTo: RuleType?
        let open: [RuleType]
        let next: Int
    }

    private static let built: (transitions: [[Entry]], expected: [String]) = {
        var numbers: [ParserState: Int] = [:]
        var states: [ParserState] = []
        func number(_ state: ParserState) -> Int {
            if let known = numbers[state] { return known }
            numbers[state] = states.count
            states.append(state)
            return states.count - 1
        }
        _ = number(.start)
        var transitions: [[Entry]] = []
        var expected: [String] = []
        var index = 0
        while index < states.count {
            let raw = Grammar.transitions(from: states[index])
            transitions.append(raw.map {
                Entry(token: $0.token, lookahead: $0.lookahead, closeTo: $0.closeTo, open: $0.open, next: number($0.next))
            })
            var seen: Set<TokenType> = []
            expected.append(raw.compactMap { seen.insert($0.token).inserted ? "#\($0.token.rawValue)" : nil }.joined(separator: ", "))
            index += 1
        }
        return (transitions, expected)
    }()

    /// The number of the start state.
    static let start = 0
    static let transitions = built.transitions
    /// The tokens each state accepts, as error messages list them.
    static let expected = built.expected
}
