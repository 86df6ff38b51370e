import Catalog
import Observability
import XCTest

final class LoggingProductRepositoryTests: XCTestCase {
    private struct Stub: ProductRepository {
        let result: Result<[Product], Error>
        func loadAll() async throws -> [Product] { try result.get() }
    }

    func test_logsStartedAndSucceededOnSuccess() async throws {
        let logger = InMemoryLogger()
        let sut = LoggingProductRepository(wrapped: Stub(result: .success([])), logger: logger)

        _ = try await sut.loadAll()

        let events = await logger.snapshot()
        XCTAssertEqual(events.map(\.message), ["catalog.load.started", "catalog.load.succeeded"])
    }

    func test_logsFailedOnError() async {
        let logger = InMemoryLogger()
        let sut = LoggingProductRepository(wrapped: Stub(result: .failure(CatalogError.connectivity)), logger: logger)

        _ = try? await sut.loadAll()

        let events = await logger.snapshot()
        XCTAssertEqual(events.last?.message, "catalog.load.failed")
        XCTAssertEqual(events.last?.context["error"], "connectivity")
        XCTAssertEqual(events.last?.level, .error)
    }

    func test_loadAll_events_share_one_traceId_and_carry_context() async throws {
        let logger = InMemoryLogger()
        let sut = LoggingProductRepository(
            wrapped: Stub(result: .success(makeProducts(2))), logger: logger, traceId: { "t-001" })

        _ = try await sut.loadAll()

        let events = await logger.snapshot()
        XCTAssertEqual(Set(events.map { $0.context["traceId"] }), ["t-001"])
        XCTAssertEqual(events.map { $0.context["outcome"] }, ["started", "succeeded"])
        XCTAssertEqual(events.last?.context["count"], "2")
        for event in events {
            XCTAssertEqual(event.context["feature"], "Catalog")
            XCTAssertEqual(event.context["layer"], "Infrastructure")
            XCTAssertEqual(event.context["operation"], "loadAll")
        }
    }

    func test_loadAll_on_cancellation_logs_cancelled() async {
        let logger = InMemoryLogger()
        let sut = LoggingProductRepository(wrapped: Stub(result: .failure(CancellationError())), logger: logger)

        _ = try? await sut.loadAll()

        let events = await logger.snapshot()
        XCTAssertEqual(events.last?.message, "catalog.load.cancelled")
    }

    private func makeProducts(_ count: Int) -> [Product] {
        (0..<count).map {
            Product(
                id: "\($0)", name: "p", price: Price(amount: 1, currency: "EUR"),
                imageURL: URL(string: "https://example.com")!)
        }
    }
}
