import Catalog
import Foundation
import XCTest

final class FileProductStoreTests: XCTestCase {
    private func makeDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("specs-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func test_load_on_empty_store_returns_nil() async throws {
        let sut = FileProductStore(directory: try makeDirectory())
        let loaded = try await sut.load()
        XCTAssertNil(loaded)
    }

    func test_load_after_save_returns_saved_products_and_timestamp() async throws {
        let sut = FileProductStore(directory: try makeDirectory())
        let products = makeProducts(2)
        let timestamp = Date(timeIntervalSince1970: 1_000)
        try await sut.save(products, timestamp: timestamp)
        let loaded = try await sut.load()
        XCTAssertEqual(loaded, CachedProducts(products: products, timestamp: timestamp))
    }

    func test_concurrent_save_and_load_keeps_a_consistent_file() async throws {
        let sut = FileProductStore(directory: try makeDirectory())
        let products = makeProducts(5)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    if index % 2 == 0 {
                        try await sut.save(products, timestamp: Date(timeIntervalSince1970: Double(index)))
                    } else {
                        _ = try await sut.load()
                    }
                }
            }
            try await group.waitForAll()
        }
        let loaded = try await sut.load()
        XCTAssertEqual(loaded?.products, products)
    }
}
