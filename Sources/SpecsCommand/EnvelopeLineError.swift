import Messages
import SpecsRunner

extension NDJSONError {
    /// The error placed where the line's JSON breaks, if it does, saying what is wrong there.
    var placedInItsJSON: NDJSONError {
        guard let text, let problem = JSONSyntax.problem(in: text) else { return self }
        var placed = self
        placed.column = problem.column
        placed.reason = "not a message envelope: \(problem.message)"
        return placed
    }
}
