import Foundation
import HTTP

/// Products from `GET /products`: a transport failure is `connectivity`, an answer
/// that is not a 200 with a product list is `invalidData`.
public struct RemoteProductRepository: ProductRepository {
    private let client: any HTTPClient

    public init(client: any HTTPClient) {
        self.client = client
    }

    public func loadAll() async throws -> [Product] {
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(method: "GET", path: "/products"))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw CatalogError.connectivity
        }
        guard response.statusCode == 200, let products = try? JSONDecoder().decode([Product].self, from: response.body)
        else {
            throw CatalogError.invalidData
        }
        return products
    }
}
