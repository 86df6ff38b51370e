import Catalog
import Foundation

func makeProducts(_ count: Int = 1) -> [Product] {
    (0..<count).map { index in
        Product(
            id: "\(index + 1)", name: "Test \(index + 1)", price: Price(amount: 10, currency: "EUR"),
            imageURL: URL(string: "https://example.com/\(index + 1).png")!)
    }
}

/// A repository that answers as scripted, optionally after a gate opens.
actor ScriptedProductRepository: ProductRepository {
    private var answers: [Result<[Product], CatalogError>]
    private var gate: CheckedContinuation<Void, Never>?
    private var gated: Bool
    private(set) var calls = 0

    init(_ answers: [Result<[Product], CatalogError>], gated: Bool = false) {
        self.answers = answers
        self.gated = gated
    }

    func loadAll() async throws -> [Product] {
        calls += 1
        let answer = answers.isEmpty ? .failure(.connectivity) : answers.removeFirst()
        if gated { await withCheckedContinuation { gate = $0 } }
        return try answer.get()
    }

    /// Lets a gated call finish.
    func open() {
        gated = false
        gate?.resume()
        gate = nil
    }

    var isWaiting: Bool { gate != nil }
}
