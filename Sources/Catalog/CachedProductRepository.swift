import Foundation

/// Network first, cache as a fallback: fresh products are cached; when the network
/// is unreachable (`connectivity`) the cached products are served while still
/// valid. Invalid data is not hidden behind the cache: it is reported.
public struct CachedProductRepository: ProductRepository {
    private let remote: any ProductRepository
    private let cache: InMemoryProductCache
    private let now: @Sendable () -> Date

    public init(
        remote: any ProductRepository, cache: InMemoryProductCache, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.remote = remote
        self.cache = cache
        self.now = now
    }

    public func loadAll() async throws -> [Product] {
        do {
            let products = try await remote.loadAll()
            await cache.store(products, at: now())
            return products
        } catch CatalogError.connectivity {
            if let cached = await cache.retrieve(currentDate: now()) { return cached }
            throw CatalogError.connectivity
        }
    }
}
