import Observability
import SpecsRunner

/// The step definitions of the seed features, with the hook that attaches each
/// scenario's log events (JSON lines) to the scenario.
public enum SeedSteps {
    public static func registry() -> StepRegistry<SeedWorld> {
        var steps = StepRegistry { SeedWorld() }
        steps.registerLoginSteps()
        steps.registerCatalogSteps()
        steps.registerObservabilitySteps()
        steps.registerHandbookSteps()
        steps.after("attach the log events") { world in
            let events = await world.logger.snapshot()
            if !events.isEmpty { Attach.text(JSONLinesLogger.lines(events), mediaType: "application/x-ndjson") }
        }
        return steps
    }
}
