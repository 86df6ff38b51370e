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
        return try await trace.around({ try await wrapped.loadAll() }, details: { ["count": String($0.count)] })
    }
}
