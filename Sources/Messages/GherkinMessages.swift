import Gherkin

/// The messages of one source, as the official gherkin tools emit them: the
/// `source`, then the `gherkinDocument` and its `pickle`s, or the `parseError`s.
public struct GherkinMessages: Sendable {
    public var includeSource = true
    public var includeDocument = true
    public var includePickles = true
    public var parser = Parser()

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
