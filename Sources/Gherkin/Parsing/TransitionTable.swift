/// The grammar's transitions, computed once per state.
enum TransitionTable {
    private static let table: [ParserState: [Transition]] = {
        var table: [ParserState: [Transition]] = [:]
        var pending: [ParserState] = [.start]
        while let state = pending.popLast() {
            guard table[state] == nil else { continue }
            let transitions = Grammar.transitions(from: state)
            table[state] = transitions
            pending.append(contentsOf: transitions.map(\.next))
        }
        return table
    }()

    private static let expectedLists: [ParserState: String] = table.mapValues { transitions in
        var seen: Set<TokenType> = []
        return transitions.compactMap { seen.insert($0.token).inserted ? "#\($0.token.rawValue)" : nil }.joined(separator: ", ")
    }

    static func transitions(from state: ParserState) -> [Transition] { table[state] ?? [] }

    /// The tokens a state accepts, as error messages list them.
    static func expected(from state: ParserState) -> String { expectedLists[state] ?? "" }
}
