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
