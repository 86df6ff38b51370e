import Foundation

/// The events of one operation: `<feature>.<operation>.started`, then `succeeded`,
/// `failed` or `cancelled`, all with the same context and traceId.
struct OperationTrace: Sendable {
    let logger: any AppLogger
    let key: String
    let context: [String: String]

    init(logger: any AppLogger, key: String, feature: String, layer: String, operation: String, traceId: String) {
        self.logger = logger
        self.key = key
        context = ["feature": feature, "layer": layer, "operation": operation, "traceId": traceId]
    }

    /// Runs `body` between `started` and its outcome: `succeeded` (with the fields
    /// `details` gives for the result), `cancelled`, or `failed` with the semantic error.
    func around<Result: Sendable>(
        _ body: () async throws -> Result, details: (Result) -> [String: String] = { _ in [:] }
    ) async throws -> Result {
        await started()
        do {
            let result = try await body()
            await succeeded(details(result))
            return result
        } catch is CancellationError {
            await cancelled()
            throw CancellationError()
        } catch {
            await failed(SemanticError.name(of: error))
            throw error
        }
    }

    func started() async { await emit("started", .info, [:]) }
    func succeeded(_ extra: [String: String] = [:]) async { await emit("succeeded", .info, extra) }
    func cancelled() async { await emit("cancelled", .warning, [:]) }
    func failed(_ semanticError: String) async { await emit("failed", .error, ["error": semanticError]) }

    private func emit(_ outcome: String, _ level: LogLevel, _ extra: [String: String]) async {
        var fields = context.merging(extra) { current, _ in current }
        fields["outcome"] = outcome
        await logger.log(LogEvent(message: "\(key).\(outcome)", level: level, context: fields))
    }
}
