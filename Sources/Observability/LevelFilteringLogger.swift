/// Passes on only events at or above a level (see `LogLevel.threshold(forEnvironment:)`).
public struct LevelFilteringLogger: AppLogger {
    private let minimum: LogLevel
    private let wrapped: any AppLogger

    public init(minimum: LogLevel, wrapped: any AppLogger) {
        self.minimum = minimum
        self.wrapped = wrapped
    }

    public func log(_ event: LogEvent) async {
        guard event.level >= minimum else { return }
        await wrapped.log(event)
    }
}
