import Foundation
import SpecsCommand
import SpecsRunner

// The domain under specification (in a real package, its own target).
struct Item: Sendable { let price: Decimal }

struct Cart: Sendable {
    private(set) var items: [Item] = []
    mutating func add(_ item: Item) { items.append(item) }
    func checkout() async throws -> Decimal { items.reduce(0) { $0 + $1.price } }
}

// The world: fresh for every scenario.
final class CartWorld {
    var cart = Cart()
    var total: Decimal = 0
}

var steps = StepRegistry { CartWorld() }

steps.given("a cart with {int} item(s) at {float} EUR") { (world, count: Int, price: Double) in
    for _ in 0..<count { world.cart.add(Item(price: Decimal(string: "\(price)") ?? 0)) }
}
steps.given("these items:") { (world, table: DataTable) in
    for row in table.hashes() { world.cart.add(Item(price: Decimal(string: row["price"] ?? "0") ?? 0)) }
}
steps.when("the customer checks out") { world in
    world.total = try await world.cart.checkout()
}
steps.then("the total is {float} EUR") { (world, expected: Double) in
    try expectEqual(world.total, Decimal(string: "\(expected)") ?? 0, "total")
}
steps.before(tags: "@clean") { world in world.cart = Cart() }

exit(await SpecsCommand.main(registry: steps))
