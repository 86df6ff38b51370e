import Catalog
import Foundation
import Identity
import Observability

/// The state of one scenario of the seed features: a fresh one for each scenario.
public final class SeedWorld {
    // Identity
    var email = ""
    var password = ""
    let authServer = FakeAuthServer()
    var loginResult: Result<Session, any Error>?
    var pendingLogin: Task<Session, any Error>?

    // Observability
    let logger = InMemoryLogger()
    var environment = "development"
    var repository: (any ProductRepository)?

    // The observability handbook
    let handbook = HandbookApp()

    // Catalog
    var cache = InMemoryProductCache()
    let productServer = FakeProductServer()
    var loadResult: Result<[Product], any Error>?
    var retrieved: [Product]?
    let catalog = ProductCatalog()
    var gatedRemote: GatedProductRepository?
    var refresh: Task<Void, any Error>?
    var storeDirectory: URL?

    public init() {}

    /// The login use case as the app composes it: logged, over the real HTTP gateway.
    var login: any LoginExecutor {
        LoggingLoginUseCase(
            wrapped: LoginUseCase(gateway: RemoteAuthGateway(client: authServer)),
            logger: LevelFilteringLogger(minimum: LogLevel.threshold(forEnvironment: environment), wrapped: logger),
            traceId: { "t-001" })
    }

    func submitLogin() async {
        let login = login
        do {
            loginResult = .success(try await login.execute(email: email, password: password))
        } catch {
            loginResult = .failure(error)
        }
    }

    var loginError: (any Error)? {
        if case .failure(let error)? = loginResult { return error }
        return nil
    }

    var session: Session? { try? loginResult?.get() }
}

/// A repository whose answer waits until it is let through.
actor GatedProductRepository: ProductRepository {
    private var gate: CheckedContinuation<Void, Never>?
    private var open = false
    private let products: [Product]

    init(products: [Product]) { self.products = products }

    func loadAll() async throws -> [Product] {
        if !open { await withCheckedContinuation { gate = $0 } }
        return products
    }

    var isWaiting: Bool { gate != nil }

    func letThrough() {
        open = true
        gate?.resume()
        gate = nil
    }
}

func sampleProducts(_ count: Int) -> [Product] {
    (0..<count).map { index in
        Product(
            id: "\(index + 1)", name: "Producto \(index + 1)",
            price: Price(amount: Decimal(10 + index), currency: "EUR"),
            imageURL: URL(string: "https://example.com/\(index + 1).png")!)
    }
}
