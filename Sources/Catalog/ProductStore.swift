import Foundation

/// Products saved with the time they were saved.
public struct CachedProducts: Sendable, Equatable {
    public let products: [Product]
    public let timestamp: Date

    public init(products: [Product], timestamp: Date) {
        self.products = products
        self.timestamp = timestamp
    }
}

/// Where products are kept between launches.
public protocol ProductStore: Sendable {
    func save(_ products: [Product], timestamp: Date) async throws
    func load() async throws -> CachedProducts?
}
