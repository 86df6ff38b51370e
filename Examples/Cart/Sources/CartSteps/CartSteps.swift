// snippet steps
import Cart
import Foundation
import SpecsRunner

/// The state of one scenario: a fresh one for each.
public final class CartWorld {
    var cart = Cart()
    var total: Decimal = 0

    init() {}
}

/// The step definitions of Features/, shared by the `cart-specs` runner and the tests.
public enum CartSteps {
    public static func registry() -> StepRegistry<CartWorld> {
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
        return steps
    }
}
// end snippet steps
