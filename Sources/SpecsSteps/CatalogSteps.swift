import Catalog
import Foundation
import SpecsRunner

/// Steps of `Features/catalog.feature`.
extension StepRegistry where World == SeedWorld {
    mutating func registerCatalogSteps() {
        given("una caché en memoria con maxAge de {int} segundos") { (world, seconds: Int) in
            world.cache = InMemoryProductCache(maxAge: TimeInterval(seconds))
        }
        given("que la caché guardó {int} productos en el segundo {int}") { (world, count: Int, second: Int) in
            await world.cache.store(sampleProducts(count), at: Date(timeIntervalSince1970: TimeInterval(second)))
        }
        given("que la caché guardó los productos:") { (world, table: DataTable) in
            let products = try table.hashes().map { row in
                guard let id = row["id"], let name = row["nombre"],
                    let price = row["precio"].flatMap({ Decimal(string: $0) }),
                    let currency = row["moneda"]
                else { throw ExpectationFailure("each row needs id, nombre, precio and moneda: \(row)") }
                return Product(
                    id: id, name: name, price: Price(amount: price, currency: currency),
                    imageURL: URL(string: "https://example.com/\(id).png")!)
            }
            await world.cache.store(products, at: Date(timeIntervalSince1970: 0))
        }
        when("se consulta la caché en el segundo {int}") { (world, second: Int) in
            world.retrieved = await world.cache.retrieve(currentDate: Date(timeIntervalSince1970: TimeInterval(second)))
        }
        when("se invalida la caché") { world in await world.cache.invalidate() }
        then("la caché devuelve {int} productos") { (world, count: Int) in
            try expectEqual(world.retrieved?.count ?? 0, count, "products in the cache")
        }
        then("la caché devuelve {int} productos al consultarla") { (world, count: Int) in
            let products = await world.cache.retrieve(currentDate: Date(timeIntervalSince1970: 10))
            try expectEqual(products?.count ?? 0, count, "products in the cache")
        }

        given("el servidor de productos no es accesible") { world in await world.productServer.set(.offline) }
        given("el servidor de productos responde con datos inválidos") { world in
            await world.productServer.set(.invalidData)
        }
        given("el servidor de productos devuelve {int} productos") { (world, count: Int) in
            await world.productServer.set(.products(try JSONEncoder().encode(sampleProducts(count))))
        }
        when("se cargan los productos") { world in
            let repository = CachedProductRepository(
                remote: RemoteProductRepository(client: world.productServer), cache: world.cache,
                now: { Date(timeIntervalSince1970: 10) })
            do {
                world.loadResult = .success(try await repository.loadAll())
            } catch {
                world.loadResult = .failure(error)
            }
        }
        then("se obtienen {int} productos") { (world, count: Int) in
            let products = try world.loadResult?.get() ?? []
            try expectEqual(products.count, count, "products loaded")
        }
        then("el primer producto es {string} con precio {float} {word}") {
            (world, name: String, price: Double, currency: String) in
            let first = try world.loadResult?.get().first
            try expectEqual(first?.name, name, "first product")
            try expectEqual(first?.price.amount, Decimal(string: "\(price)"), "price")
            try expectEqual(first?.price.currency, currency, "currency")
        }
        then("la carga falla con el error {string}") { (world, expected: String) in
            guard case .failure(let error)? = world.loadResult else {
                throw ExpectationFailure(
                    "expected the load to fail with \(expected), got \(String(describing: world.loadResult))")
            }
            try expectEqual(String(describing: error), expected, "error")
        }

        given("un refresh del catálogo esperando la respuesta del servidor") { world in
            let remote = GatedProductRepository(products: sampleProducts(3))
            world.gatedRemote = remote
            let catalog = world.catalog
            world.refresh = Task { try await catalog.refresh(from: remote) }
            while !(await remote.isWaiting) { await Task.yield() }
        }
        when("el usuario cierra sesión y se limpia el catálogo") { world in await world.catalog.clear() }
        when("llega la respuesta del servidor con {int} productos") { (world, _: Int) in
            await world.gatedRemote?.letThrough()
            try await world.refresh?.value
        }
        then("el catálogo queda vacío") { world in
            try expectEqual(await world.catalog.products.count, 0, "products after clear")
        }

        when("{int} tareas guardan y leen la caché a la vez") { (world, tasks: Int) in
            let cache = world.cache
            let products = sampleProducts(1)
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<tasks {
                    group.addTask {
                        if index % 2 == 0 {
                            await cache.store(products, at: Date(timeIntervalSince1970: 0))
                        } else {
                            _ = await cache.retrieve(currentDate: Date(timeIntervalSince1970: 0))
                        }
                    }
                }
            }
            world.retrieved = await cache.retrieve(currentDate: Date(timeIntervalSince1970: 0))
        }

        given("un almacén de productos en un directorio temporal") { world in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "specs-store-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            world.storeDirectory = directory
        }
        when("se guardan {int} productos en el almacén") { (world, count: Int) in
            guard let directory = world.storeDirectory else { throw ExpectationFailure("no store directory") }
            try await FileProductStore(directory: directory).save(
                sampleProducts(count), timestamp: Date(timeIntervalSince1970: 0))
        }
        then("el almacén devuelve {int} productos") { (world, count: Int) in
            guard let directory = world.storeDirectory else { throw ExpectationFailure("no store directory") }
            let loaded = try await FileProductStore(directory: directory).load()
            try expectEqual(loaded?.products.count ?? 0, count, "products in the store")
        }
        after("remove the temporary store") { world in
            if let directory = world.storeDirectory { try? FileManager.default.removeItem(at: directory) }
        }
    }
}
