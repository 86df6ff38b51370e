import Locking
import SpecsRunner

/// The runner's "did you mean" for each undefined step text seen, remembered across full
/// checks: a file of thousands of undefined steps is checked again after every pause in
/// typing, and finding the nearest definitions of each text again made each check cost more
/// than the edit. A server makes a new one when what the notes depend on besides the
/// definitions changes (the Swift files saved and not yet built).
final class SuggestionMemo: Sendable {
    private let notes = Locked<[ExactText: String?]>([:])
    /// The most texts remembered: a long session's distinct texts do not grow it without end.
    private static let limit = 100_000

    /// The note for `text`, made with `make` the first time it is asked.
    func note(for text: String, _ make: (String) -> String?) -> String? {
        let key = ExactText(text)
        if let known = notes.withLock({ $0[key] }) { return known }
        let made = make(text)
        notes.withLock { notes in
            if notes.count >= Self.limit { notes.removeAll(keepingCapacity: true) }
            notes[key] = .some(made)
        }
        return made
    }
}
