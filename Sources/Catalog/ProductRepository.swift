/// Where products come from.
public protocol ProductRepository: Sendable {
    func loadAll() async throws -> [Product]
}
