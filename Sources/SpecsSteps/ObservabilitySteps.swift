import Catalog
import Foundation
import Identity
import Observability
import SpecsRunner

/// Steps of `Features/observability.feature`.
extension StepRegistry where World == SeedWorld {
    mutating func registerObservabilitySteps() {
        given("un repositorio de productos que devuelve {int} productos") { (world, count: Int) in
            world.repository = StubProductRepository(result: .success(sampleProducts(count)))
        }
        given("un repositorio de productos que falla con {word}") { (world, name: String) in
            let error: CatalogError
            switch name {
            case "connectivity": error = .connectivity
            case "invalidData": error = .invalidData
            default: throw ExpectationFailure("unknown catalog error \(name)")
            }
            world.repository = StubProductRepository(result: .failure(error))
        }
        given("un repositorio de productos que nunca responde") { world in
            world.repository = NeverAnsweringProductRepository()
        }
        when("se cargan los productos con observabilidad") { world in
            let sut = LoggingProductRepository(
                wrapped: try world.requireRepository(), logger: world.logger, traceId: { "t-001" })
            _ = try? await sut.loadAll()
        }
        when("se cancela la carga de productos con observabilidad") { world in
            let sut = LoggingProductRepository(
                wrapped: try world.requireRepository(), logger: world.logger, traceId: { "t-001" })
            let task = Task { try await sut.loadAll() }
            while await world.logger.snapshot().isEmpty { await Task.yield() }
            task.cancel()
            _ = await task.result
        }
        then("se registran los eventos:") { (world, table: DataTable) in
            let events = await world.logger.snapshot()
            let actual = events.map { [$0.message, $0.level.rawValue, $0.context["outcome"] ?? ""] }
            try expectEqual(actual, Array(table.rows.dropFirst()), "events (mensaje, nivel, outcome)")
        }
        then("todos los eventos comparten el mismo traceId") { world in
            let ids = Set(await world.logger.snapshot().map { $0.context["traceId"] ?? "" })
            try expectEqual(ids.count, 1, "distinct traceIds \(ids)")
        }
        then("cada evento lleva los campos feature, layer, operation, traceId y outcome") { world in
            for event in await world.logger.snapshot() {
                for field in ["feature", "layer", "operation", "traceId", "outcome"] {
                    try expect(event.context[field] != nil, "\(event.message) lacks the context field \(field)")
                }
            }
        }
        then("el último evento es {string} con nivel {string}") { (world, message: String, level: String) in
            let last = await world.logger.snapshot().last
            try expectEqual(last?.message, message, "last event")
            try expectEqual(last?.level.rawValue, level, "level")
        }
        then("el evento registra el error {string}") { (world, expected: String) in
            try expectEqual(await world.logger.snapshot().last?.context["error"], expected, "semantic error")
        }

        given("un servidor de autenticación que rechaza las credenciales") { _ in }
        given("un servidor de autenticación que acepta las credenciales") { world in
            await world.authServer.register(email: "user@example.com", password: "Str0ngP@ss")
        }
        given("un servidor de autenticación sin conexión") { world in await world.authServer.set(.offline) }
        given("el entorno {string}") { (world, environment: String) in world.environment = environment }
        when("{string} inicia sesión con observabilidad") { (world, email: String) in
            world.email = email
            world.password = "Str0ngP@ss"
            await world.submitLogin()
        }
        then("ningún evento contiene {string}") { (world, text: String) in
            let lines = JSONLinesLogger.lines(await world.logger.snapshot())
            try expect(!lines.contains(text), "the log contains '\(text)':\n\(lines)")
        }
        then("el rastro en JSON lines es:") { (world, expected: DocString) in
            let lines = JSONLinesLogger.lines(await world.logger.snapshot())
            try expectEqual(lines, expected.content, "JSON lines")
        }
        then("se registran {int} eventos") { (world, count: Int) in
            try expectEqual(await world.logger.snapshot().count, count, "events logged")
        }
    }
}

extension SeedWorld {
    func requireRepository() throws -> any ProductRepository {
        guard let repository else { throw ExpectationFailure("no product repository was given") }
        return repository
    }
}

struct StubProductRepository: ProductRepository {
    let result: Result<[Product], CatalogError>
    func loadAll() async throws -> [Product] { try result.get() }
}

struct NeverAnsweringProductRepository: ProductRepository {
    func loadAll() async throws -> [Product] {
        try await Task.sleep(nanoseconds: 30_000_000_000)
        return []
    }
}
