import Foundation
import TagExpressions

/// The tag expression in `SPECS_TAGS`, read once.
enum TagSelection {
    static func fromEnvironment() -> Result<TagExpression?, TagSelectionError> {
        parse(ProcessInfo.processInfo.environment[ScenarioTests.tagsVariable])
    }

    static func parse(_ source: String?) -> Result<TagExpression?, TagSelectionError> {
        guard let source, !source.trimmingCharacters(in: .whitespaces).isEmpty else { return .success(nil) }
        do {
            return .success(try TagExpressionParser.parse(source))
        } catch {
            return .failure(TagSelectionError(message: "\(ScenarioTests.tagsVariable)='\(source)' is not a tag expression: \(error.message)"))
        }
    }
}

struct TagSelectionError: Error, Sendable {
    let message: String
}
