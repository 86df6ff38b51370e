import Foundation

/// Products kept in memory for `maxAge` seconds. The caller says what time it is,
/// so expiry can be tested without waiting.
public actor InMemoryProductCache {
    private var products: [Product] = []
    private var timestamp: Date?
    private let maxAge: TimeInterval

    public init(maxAge: TimeInterval = 300) {
        self.maxAge = maxAge
    }

    public func store(_ products: [Product], at date: Date) {
        self.products = products
        timestamp = date
    }

    /// The stored products while younger than `maxAge`; nil when empty or expired.
    public func retrieve(currentDate: Date) -> [Product]? {
        guard let timestamp, currentDate.timeIntervalSince(timestamp) < maxAge else { return nil }
        return products
    }

    public func invalidate() {
        products = []
        timestamp = nil
    }
}
