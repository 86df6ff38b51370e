import Gherkin

/// The text of a feature file, as read.
public struct Source: Sendable, Hashable, Codable {
    public static let gherkinPlain = "text/x.cucumber.gherkin+plain"

    public var uri: String
    public var data: String
    public var mediaType: String

    public init(uri: String, data: String, mediaType: String = Source.gherkinPlain) {
        self.uri = uri
        self.data = data
        self.mediaType = mediaType
    }
}

/// Where something is: a file and, optionally, a line in it.
public struct SourceReference: Sendable, Hashable, Codable {
    public var uri: String?
    public var location: Location?

    public init(uri: String?, location: Location?) {
        self.uri = uri
        self.location = location
    }
}

/// A parse error as a message.
public struct ParseErrorMessage: Sendable, Hashable, Codable {
    public var source: SourceReference
    public var message: String

    public init(source: SourceReference, message: String) {
        self.source = source
        self.message = message
    }
}
