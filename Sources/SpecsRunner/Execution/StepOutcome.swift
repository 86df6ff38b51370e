import Foundation
import Messages

/// Turns what a step or hook threw into its result.
enum StepOutcome {
    static func result(for error: (any Error)?, duration: Duration) -> TestStepResult {
        guard let error else { return TestStepResult(duration: duration, status: .passed) }
        switch error {
        case let pending as Pending:
            return TestStepResult(
                duration: duration, message: pending.reason, status: .pending,
                exception: pending.reason.map { ExceptionMessage(type: "SpecsRunner.Pending", message: $0) })
        case let skipped as Skipped:
            return TestStepResult(
                duration: duration, message: skipped.reason, status: .skipped,
                exception: skipped.reason.map { ExceptionMessage(type: "SpecsRunner.Skipped", message: $0) })
        default:
            let message = describe(error)
            return TestStepResult(
                duration: duration, message: message, status: .failed,
                exception: ExceptionMessage(type: String(reflecting: type(of: error)), message: message))
        }
    }

    /// An error as a person reads it: its description, or for a Foundation error, which
    /// would print as `Error Domain=... Code=... "(null)"`, its type, domain, code and reason.
    static func describe(_ error: any Error) -> String {
        if let localized = error as? LocalizedError, let description = localized.errorDescription { return description }
        let text = String(describing: error)
        guard text.hasPrefix("Error Domain=") else { return text }
        let bridged = error as NSError
        var words = "\(type(of: error)) (\(bridged.domain) code \(bridged.code))"
        if let reason = bridged.userInfo[NSLocalizedDescriptionKey] as? String { words += ": " + reason }
        if let url = bridged.userInfo[NSURLErrorFailingURLErrorKey] as? URL { words += " for " + url.absoluteString }
        return words
    }
}
