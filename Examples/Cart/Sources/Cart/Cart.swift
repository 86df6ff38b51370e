import Foundation

/// Something the customer buys.
public struct Item: Sendable {
    public let price: Decimal

    public init(price: Decimal) { self.price = price }
}

/// The items a customer is about to buy.
public struct Cart: Sendable {
    public private(set) var items: [Item] = []

    public init() {}

    public mutating func add(_ item: Item) { items.append(item) }

    /// What the customer pays.
    public func checkout() async throws -> Decimal { items.reduce(0) { $0 + $1.price } }
}
