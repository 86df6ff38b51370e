import Foundation

/// The share extension's analytics events, kept in a file of the App Group
/// (`analytics_event_buffer.jsonl`, one JSON event a line) until the app relays them on
/// its next launch. A relay reads every whole line once and empties the file: nothing is
/// sent twice. A last line cut off (the extension ended while writing it) is never sent as
/// half an event: it is counted as lost, and the next event starts on a line of its own.
public struct AppGroupEventBuffer: Sendable {
    public static let fileName = "analytics_event_buffer.jsonl"
    public let file: URL

    public init(directory: URL) {
        file = directory.appendingPathComponent(Self.fileName)
    }

    /// What a relay found: the events it read, and how many cut-off lines it dropped.
    public struct Drained: Sendable, Equatable {
        public var events: [AnalyticsEvent] = []
        public var unreadable = 0

        public init(events: [AnalyticsEvent] = [], unreadable: Int = 0) {
            self.events = events
            self.unreadable = unreadable
        }
    }

    /// Adds an event at the end of the buffer.
    public func append(_ event: AnalyticsEvent) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var line = try encoder.encode(event)
        line.append(0x0A)
        if !FileManager.default.fileExists(atPath: file.path) {
            try Data().write(to: file)
        }
        let handle = try FileHandle(forUpdating: file)
        defer { try? handle.close() }
        let end = try handle.seekToEnd()
        if end > 0 {
            try handle.seek(toOffset: end - 1)
            // A line cut off before: the next event begins on its own line.
            if try handle.read(upToCount: 1) != Data([0x0A]) { line.insert(0x0A, at: 0) }
        }
        try handle.write(contentsOf: line)
    }

    /// Takes every event out of the buffer: the file is emptied before they are handed on.
    public func drain() throws -> Drained {
        guard let data = FileManager.default.contents(atPath: file.path), !data.isEmpty else { return Drained() }
        try Data().write(to: file)
        var drained = Drained()
        let decoder = JSONDecoder()
        for line in data.split(separator: 0x0A) where !line.isEmpty {
            if let event = try? decoder.decode(AnalyticsEvent.self, from: Data(line)) {
                drained.events.append(event)
            } else {
                drained.unreadable += 1
            }
        }
        return drained
    }

    /// Relays the buffered events to the app's analytics, on launch.
    @discardableResult
    public func relay(to analytics: any AnalyticsService) async throws -> Drained {
        let drained = try drain()
        for event in drained.events { await analytics.track(event) }
        return drained
    }
}
