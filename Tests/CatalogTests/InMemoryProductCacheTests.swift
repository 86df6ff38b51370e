import Catalog
import Foundation
import XCTest

final class InMemoryProductCacheTests: XCTestCase {
    private func makeSUT(maxAge: TimeInterval = 300) -> InMemoryProductCache {
        InMemoryProductCache(maxAge: maxAge)
    }

    func test_retrieve_on_empty_cache_returns_nil() async {
        let sut = makeSUT()
        let result = await sut.retrieve(currentDate: Date())
        XCTAssertNil(result)
    }

    func test_retrieve_after_store_returns_stored_products() async {
        let sut = makeSUT()
        let products = makeProducts()
        let now = Date()
        await sut.store(products, at: now)
        let result = await sut.retrieve(currentDate: now)
        XCTAssertEqual(result, products)
    }

    func test_retrieve_after_maxAge_returns_nil() async {
        let sut = makeSUT(maxAge: 300)
        let storeDate = Date()
        await sut.store(makeProducts(), at: storeDate)
        let result = await sut.retrieve(currentDate: storeDate.addingTimeInterval(301))
        XCTAssertNil(result)
    }

    func test_retrieve_exactly_at_maxAge_returns_products() async {
        let sut = makeSUT(maxAge: 300)
        let products = makeProducts()
        let storeDate = Date()
        await sut.store(products, at: storeDate)
        let result = await sut.retrieve(currentDate: storeDate.addingTimeInterval(299))
        XCTAssertEqual(result, products)
    }

    func test_invalidate_clears_cache() async {
        let sut = makeSUT()
        await sut.store(makeProducts(), at: Date())
        await sut.invalidate()
        let result = await sut.retrieve(currentDate: Date())
        XCTAssertNil(result)
    }

    func test_concurrent_store_and_retrieve_does_not_crash() async {
        let sut = makeSUT()
        let products = makeProducts()
        let now = Date()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    if index % 2 == 0 {
                        await sut.store(products, at: now)
                    } else {
                        _ = await sut.retrieve(currentDate: now)
                    }
                }
            }
        }
        let result = await sut.retrieve(currentDate: now)
        XCTAssertEqual(result, products)
    }
}
