/// Anything that follows a run: a formatter, a report, a test's recorder. It receives
/// every envelope of the run, in order, from one task at a time.
public protocol EventConsumer: AnyObject {
    func consume(_ envelope: Envelope)
    /// Called when no later envelope refers to the document `uri` or its pickles (the run
    /// has run that file's test cases): a consumer may let go of what it holds for them.
    func closeDocument(_ uri: String)
    /// Called once, after the last envelope.
    func finish()
}

extension EventConsumer {
    public func closeDocument(_ uri: String) {}
    public func finish() {}
}

/// Feeds one stream to several consumers.
public final class EventMultiplexer: EventConsumer {
    private var consumers: [any EventConsumer]

    public init(_ consumers: [any EventConsumer]) { self.consumers = consumers }

    public func add(_ consumer: any EventConsumer) { consumers.append(consumer) }

    public func consume(_ envelope: Envelope) {
        for consumer in consumers { consumer.consume(envelope) }
    }

    public func closeDocument(_ uri: String) {
        for consumer in consumers { consumer.closeDocument(uri) }
    }

    public func finish() {
        for consumer in consumers { consumer.finish() }
    }
}

/// Keeps every envelope: for tests, and for a host that wants a run's whole stream.
public final class EventRecorder: EventConsumer {
    public private(set) var envelopes: [Envelope] = []
    public init() {}
    public func consume(_ envelope: Envelope) { envelopes.append(envelope) }
}
