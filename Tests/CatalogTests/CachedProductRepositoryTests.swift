import Catalog
import Foundation
import XCTest

final class CachedProductRepositoryTests: XCTestCase {
    func test_loadAll_on_success_returns_and_caches_products() async throws {
        let cache = InMemoryProductCache()
        let products = makeProducts(2)
        let sut = CachedProductRepository(
            remote: ScriptedProductRepository([.success(products)]), cache: cache,
            now: { Date(timeIntervalSince1970: 0) })

        let result = try await sut.loadAll()

        XCTAssertEqual(result, products)
        let cached = await cache.retrieve(currentDate: Date(timeIntervalSince1970: 1))
        XCTAssertEqual(cached, products)
    }

    func test_loadAll_on_connectivity_falls_back_to_cache() async throws {
        let products = makeProducts(3)
        let cache = InMemoryProductCache()
        await cache.store(products, at: Date(timeIntervalSince1970: 0))
        let sut = CachedProductRepository(
            remote: ScriptedProductRepository([.failure(.connectivity)]), cache: cache,
            now: { Date(timeIntervalSince1970: 10) })

        let result = try await sut.loadAll()

        XCTAssertEqual(result, products)
    }

    func test_loadAll_on_invalidData_does_not_fall_back() async {
        let cache = InMemoryProductCache()
        await cache.store(makeProducts(), at: Date(timeIntervalSince1970: 0))
        let sut = CachedProductRepository(
            remote: ScriptedProductRepository([.failure(.invalidData)]), cache: cache,
            now: { Date(timeIntervalSince1970: 10) })

        do {
            _ = try await sut.loadAll()
            XCTFail("expected invalidData")
        } catch {
            XCTAssertEqual(error as? CatalogError, .invalidData)
        }
    }

    func test_loadAll_on_connectivity_with_expired_cache_throws_connectivity() async {
        let cache = InMemoryProductCache(maxAge: 300)
        await cache.store(makeProducts(), at: Date(timeIntervalSince1970: 0))
        let sut = CachedProductRepository(
            remote: ScriptedProductRepository([.failure(.connectivity)]), cache: cache,
            now: { Date(timeIntervalSince1970: 301) })

        do {
            _ = try await sut.loadAll()
            XCTFail("expected connectivity")
        } catch {
            XCTAssertEqual(error as? CatalogError, .connectivity)
        }
    }
}
