import Gherkin

/// The messages of one source, as the official gherkin tools emit them: the
/// `source`, then the `gherkinDocument` and its `pickle`s, or the `parseError`s.
public struct GherkinMessages: Sendable {
    /// Whether the `source` message comes first.
    public var includeSource = true
    /// Whether the `gherkinDocument` message (the parsed document) is included.
    public var includeDocument = true
    /// Whether the `pickle` messages (the compiled scenarios) are included.
    public var includePickles = true
    /// The parser that reads each source.
    public var parser = Parser()

    /// The messages to emit: all three kinds unless told otherwise.
    public init(includeSource: Bool = true, includeDocument: Bool = true, includePickles: Bool = true) {
        self.includeSource = includeSource
        self.includeDocument = includeDocument
        self.includePickles = includePickles
    }

    /// The envelopes for one source, ids drawn from `ids`.
    public func envelopes<Ids: IdGenerator>(for source: Source, ids: inout Ids) -> [Envelope] {
        var envelopes: [Envelope] = []
        if includeSource { envelopes.append(.source(source)) }
        do {
            let document = try parser.parse(source.data, uri: source.uri, ids: &ids)
            if includeDocument { envelopes.append(.gherkinDocument(document)) }
            if includePickles {
                for pickle in PickleCompiler().compile(document, uri: source.uri, ids: &ids) {
                    envelopes.append(.pickle(pickle))
                }
            }
        } catch {
            for parseError in error.errors {
                envelopes.append(
                    .parseError(
                        ParseErrorMessage(
                            source: SourceReference(uri: source.uri, location: parseError.location),
                            message: parseError.description)))
            }
        }
        return envelopes
    }
}
