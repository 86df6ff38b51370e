import Foundation

/// The products the app shows, refreshed from a repository and cleared on logout.
/// A refresh that was overtaken while it waited (by a `clear()` or a newer refresh)
/// does not write its result: actor reentrancy cannot undo a clear.
public actor ProductCatalog {
    public private(set) var products: [Product] = []
    private var generation = 0

    public init() {}

    public func refresh(from remote: any ProductRepository) async throws {
        generation += 1
        let mine = generation
        let fresh = try await remote.loadAll()
        // After the await, check that nothing happened while we waited.
        guard generation == mine else { return }
        products = fresh
    }

    public func clear() {
        generation += 1
        products = []
    }
}
