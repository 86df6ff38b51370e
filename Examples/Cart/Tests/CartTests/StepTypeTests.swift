import CartSteps
import SpecsRunner
import Testing

/// A step whose closure cannot take what its expression gives is reported where it is
/// registered, before any scenario runs.
@Test func `a closure parameter the expression cannot fill is reported at its line`() {
    var steps = CartSteps.registry()
    let line = #line + 1
    steps.given("{int} coupons are applied") { (_, code: String) in _ = code }
    let problem = steps.problems.first
    #expect(steps.problems.count == 1)
    #expect(problem?.location.file == "Tests/CartTests/StepTypeTests.swift")
    #expect(problem?.location.line == line)
    #expect(
        problem?.message
            == "'{int} coupons are applied': parameter 1, {int}, gives Int values, but the closure takes it as String")
}

@Test func `the cart's own step definitions register without problems`() {
    #expect(CartSteps.registry().problems.isEmpty)
}
