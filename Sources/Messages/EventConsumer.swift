/// Anything that follows a run: a formatter, a report, a test's recorder. It receives
/// every envelope of the run, in order, from one task at a time.
public protocol EventConsumer: AnyObject {
    /// Receives the run's next envelope.
    func consume(_ envelope: Envelope)
    /// Called when no later envelope refers to the document `uri` or its pickles (the run
    /// has run that file's test cases): a consumer may let go of what it holds for them.
    func closeDocument(_ uri: String)
    /// Called once, after the last envelope.
    func finish()
}

extension EventConsumer {
    /// Lets go of nothing: a consumer that holds nothing per document need not close one.
    public func closeDocument(_ uri: String) {}
    /// Does nothing: a consumer with nothing to write at the end need not finish.
    public func finish() {}
}

/// Feeds one stream to several consumers.
public final class EventMultiplexer: EventConsumer {
    private var consumers: [any EventConsumer]

    /// A multiplexer feeding `consumers`, in this order.
    public init(_ consumers: [any EventConsumer]) { self.consumers = consumers }

    /// Adds a consumer after the others; it receives the envelopes from now on.
    public func add(_ consumer: any EventConsumer) { consumers.append(consumer) }

    /// Hands the envelope to each consumer in turn.
    public func consume(_ envelope: Envelope) {
        for consumer in consumers { consumer.consume(envelope) }
    }

    /// Tells each consumer that the document `uri` is done with.
    public func closeDocument(_ uri: String) {
        for consumer in consumers { consumer.closeDocument(uri) }
    }

    /// Tells each consumer that the run is over.
    public func finish() {
        for consumer in consumers { consumer.finish() }
    }
}

/// Keeps every envelope: for tests, and for a host that wants a run's whole stream.
public final class EventRecorder: EventConsumer {
    /// Every envelope received so far, in order.
    public private(set) var envelopes: [Envelope] = []

    /// A recorder that has received nothing yet.
    public init() {}

    /// Keeps the envelope.
    public func consume(_ envelope: Envelope) { envelopes.append(envelope) }
}
