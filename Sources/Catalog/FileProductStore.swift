import Foundation

/// Products kept in a JSON file. An actor: saves and loads never overlap, so the
/// encoder, decoder and file are never used from two threads at once.
public actor FileProductStore: ProductStore {
    private struct CacheDTO: Codable {
        let products: [Product]
        let timestamp: Date
    }

    private let fileURL: URL
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    public init(directory: URL) {
        fileURL = directory.appendingPathComponent("products-cache.json")
    }

    public func save(_ products: [Product], timestamp: Date) throws {
        let data = try encoder.encode(CacheDTO(products: products, timestamp: timestamp))
        try data.write(to: fileURL, options: .atomic)
    }

    public func load() throws -> CachedProducts? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        let data = try Data(contentsOf: fileURL)
        let cache = try decoder.decode(CacheDTO.self, from: data)
        return CachedProducts(products: cache.products, timestamp: cache.timestamp)
    }
}
