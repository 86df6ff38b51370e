import Foundation

/// An amount of money in a currency.
public struct Price: Sendable, Hashable, Codable {
    public let amount: Decimal
    public let currency: String

    public init(amount: Decimal, currency: String) {
        self.amount = amount
        self.currency = currency
    }
}

/// A product of the catalog.
public struct Product: Sendable, Hashable, Codable, Identifiable {
    public let id: String
    public let name: String
    public let price: Price
    public let imageURL: URL

    public init(id: String, name: String, price: Price, imageURL: URL) {
        self.id = id
        self.name = name
        self.price = price
        self.imageURL = imageURL
    }
}
