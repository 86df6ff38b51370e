// snippet scenario-registry
import CartSteps
import SpecsTesting

// Every scenario of Features/ (linked into this target) is a test; these are its steps.
extension ScenarioTests {
    static let registry = CartSteps.registry()
}
// end snippet scenario-registry
