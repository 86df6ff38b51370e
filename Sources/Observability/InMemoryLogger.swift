/// Keeps every event in memory, in order: for tests and for attaching a trace to a report.
public actor InMemoryLogger: AppLogger {
    public private(set) var events: [LogEvent] = []

    public init() {}

    public func log(_ event: LogEvent) {
        events.append(event)
    }

    public func snapshot() -> [LogEvent] { events }
}
