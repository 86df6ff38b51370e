import Catalog
import XCTest

final class ProductCatalogTests: XCTestCase {
    func test_refresh_stores_loaded_products() async throws {
        let sut = ProductCatalog()
        try await sut.refresh(from: ScriptedProductRepository([.success(makeProducts(2))]))
        let products = await sut.products
        XCTAssertEqual(products.count, 2)
    }

    func test_clear_during_refresh_is_not_undone() async throws {
        let sut = ProductCatalog()
        let remote = ScriptedProductRepository([.success(makeProducts(3))], gated: true)

        let refresh = Task { try await sut.refresh(from: remote) }
        while !(await remote.isWaiting) { await Task.yield() }
        await sut.clear()
        await remote.open()
        try await refresh.value

        let products = await sut.products
        XCTAssertEqual(products, [])
    }
}
