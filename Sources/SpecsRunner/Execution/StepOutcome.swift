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

    static func describe(_ error: any Error) -> String {
        String(describing: error)
    }
}
