/// An `.editorconfig` section glob compiled into states and matched against a path by
/// following every state at once: `*` (no `/`), `**` (any, `**/` also no folder at all), `?`,
/// `[abc]`, `[!abc]`, `{a,b}` (nested at any depth), `\` escaping. The work is at most the
/// states times the path's characters, and nothing recurses, whatever the glob holds.
struct GlobProgram {
    /// One state: a character it takes, or where it leads without taking one.
    private enum State {
        case character(Character)
        /// `?`, and each step of `*`: any character but `/`.
        case oneInName
        /// Each step of `**`: any character.
        case any
        case set([Character], negated: Bool)
        case split([Int])
        case jump(Int)
        case match
    }

    private enum Token {
        case literal(Character)
        case question, star, globstar
        case set([Character], negated: Bool)
        case open, comma, close
    }

    private var states: [State] = []

    init(_ pattern: String) {
        let tokens = Self.tokens(Array(pattern))
        var alternatives: [(split: Int, starts: [Int], jumps: [Int])] = []
        var index = 0
        while index < tokens.count {
            let at = states.count
            switch tokens[index] {
            case .literal(let character): states.append(.character(character))
            case .question: states.append(.oneInName)
            case .set(let members, let negated): states.append(.set(members, negated: negated))
            case .star: states += [.split([at + 1, at + 3]), .oneInName, .jump(at)]
            case .globstar:
                if index + 1 < tokens.count, case .literal("/") = tokens[index + 1] {
                    // `**/`: no folder at all, or any characters and then a `/` (the name after it
                    // is whole: `**/login.feature` is not `relogin.feature`).
                    states += [
                        .split([at + 1, at + 5]), .split([at + 2, at + 4]), .any, .jump(at + 1), .character("/"),
                    ]
                    index += 1
                } else {
                    states += [.split([at + 1, at + 3]), .any, .jump(at)]
                }
            case .open:
                states.append(.split([]))
                alternatives.append((at, [at + 1], []))
            case .comma:
                states.append(.jump(-1))
                alternatives[alternatives.count - 1].jumps.append(at)
                alternatives[alternatives.count - 1].starts.append(at + 1)
            case .close:
                let group = alternatives.removeLast()
                states[group.split] = .split(group.starts)
                for jump in group.jumps { states[jump] = .jump(at) }
            }
            index += 1
        }
        states.append(.match)
    }

    /// The glob's characters read into tokens; a brace without its partner, and a comma
    /// outside braces, is a plain character.
    private static func tokens(_ pattern: [Character]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < pattern.count {
            let character = pattern[index]
            switch character {
            case "\\" where index + 1 < pattern.count:
                tokens.append(.literal(pattern[index + 1]))
                index += 1
            case "*":
                if index + 1 < pattern.count, pattern[index + 1] == "*" {
                    tokens.append(.globstar)
                    index += 1
                } else {
                    tokens.append(.star)
                }
            case "?": tokens.append(.question)
            case "[":
                if let close = pattern[(index + 1)...].firstIndex(of: "]") {
                    var members = pattern[(index + 1)..<close]
                    let negated = members.first == "!"
                    if negated { members = members.dropFirst() }
                    tokens.append(.set(Array(members), negated: negated))
                    index = close
                } else {
                    tokens.append(.literal("["))
                }
            case "{": tokens.append(.open)
            case ",": tokens.append(.comma)
            case "}": tokens.append(.close)
            default: tokens.append(.literal(character))
            }
            index += 1
        }
        // Pair the braces; what is left unpaired is a plain character.
        var open: [Int] = []
        var paired = Array(repeating: false, count: tokens.count)
        for (index, token) in tokens.enumerated() {
            if case .open = token { open.append(index) }
            if case .close = token, let start = open.popLast() {
                paired[start] = true
                paired[index] = true
            }
        }
        var depth = 0
        for (index, token) in tokens.enumerated() {
            switch token {
            case .open: if paired[index] { depth += 1 } else { tokens[index] = .literal("{") }
            case .close: if paired[index] { depth -= 1 } else { tokens[index] = .literal("}") }
            case .comma where depth == 0: tokens[index] = .literal(",")
            default: break
            }
        }
        return tokens
    }

    /// Whether the glob matches all of `text`, adding to `steps` each state visited.
    func matches(_ text: [Character], steps: inout Int) -> Bool {
        var seen = Array(repeating: -1, count: states.count)
        var current: [Int] = []
        var pending: [Int] = []
        func enter(_ start: Int, _ round: Int, into list: inout [Int]) {
            pending.append(start)
            while let state = pending.popLast() {
                guard seen[state] != round else { continue }
                seen[state] = round
                steps += 1
                switch states[state] {
                case .split(let targets): pending += targets.reversed()
                case .jump(let target): pending.append(target)
                default: list.append(state)
                }
            }
        }
        enter(0, 0, into: &current)
        for (offset, character) in text.enumerated() {
            var next: [Int] = []
            for state in current where takes(states[state], character) {
                enter(state + 1, offset + 1, into: &next)
            }
            if next.isEmpty { return false }
            current = next
        }
        return current.contains { if case .match = states[$0] { true } else { false } }
    }

    private func takes(_ state: State, _ character: Character) -> Bool {
        switch state {
        case .character(let expected): character == expected
        case .oneInName: character != "/"
        case .any: true
        case .set(let members, let negated): members.contains(character) != negated
        case .split, .jump, .match: false
        }
    }
}
