import Catalog
import Foundation

/// Logs `catalog.load.*` around a product repository, without the repository knowing.
public struct LoggingProductRepository: ProductRepository {
    private let wrapped: any ProductRepository
    private let logger: any AppLogger
    private let makeTraceId: @Sendable () -> String

    public init(
        wrapped: any ProductRepository, logger: any AppLogger,
        traceId: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.wrapped = wrapped
        self.logger = logger
        makeTraceId = traceId
    }

    public func loadAll() async throws -> [Product] {
        let trace = OperationTrace(
            logger: logger, key: "catalog.load", feature: "Catalog", layer: "Infrastructure", operation: "loadAll",
            traceId: makeTraceId())
        await trace.started()
        do {
            let products = try await wrapped.loadAll()
            await trace.succeeded(["count": String(products.count)])
            return products
        } catch is CancellationError {
            await trace.cancelled()
            throw CancellationError()
        } catch {
            await trace.failed(SemanticError.name(of: error))
            throw error
        }
    }
}
