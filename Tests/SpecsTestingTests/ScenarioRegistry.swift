import SpecsRunner
import SpecsTesting

/// The world of the tricky feature files: they test how scenarios become tests, so
/// every step does nothing but count.
final class TrickyWorld {
    var steps = 0
}

extension ScenarioTests {
    static let registry: StepRegistry<TrickyWorld> = {
        var steps = StepRegistry { TrickyWorld() }
        steps.step(regex: "^(.*)$") { (world, _: String) in world.steps += 1 }
        return steps
    }()
}
