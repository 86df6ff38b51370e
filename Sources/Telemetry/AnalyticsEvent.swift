/// An analytics event: a snake_case name and its parameters.
public struct AnalyticsEvent: Sendable, Hashable, Codable {
    public var name: String
    public var parameters: [String: String]

    public init(_ name: String, parameters: [String: String] = [:]) {
        self.name = name
        self.parameters = parameters
    }
}
