import Foundation
import SpecsRunner

final class BenchWorld {}

/// One trivially passing definition per pattern of a generated corpus.
enum BenchSteps {
    struct Pattern: Decodable {
        let expression: String
        let params: [String]
        let argument: String?
    }

    static func registry(patternsFile: String) throws -> StepRegistry<BenchWorld> {
        guard let data = FileManager.default.contents(atPath: patternsFile) else {
            throw BenchError(message: "cannot read \(patternsFile)")
        }
        let patterns = try JSONDecoder().decode([Pattern].self, from: data)
        var steps = StepRegistry { BenchWorld() }
        for pattern in patterns {
            let expression = pattern.expression
            switch (pattern.params.count, pattern.argument) {
            case (0, nil): steps.step(expression) { _ in }
            case (0, "table"): steps.step(expression) { (_, _: DataTable) in }
            case (0, "doc"): steps.step(expression) { (_, _: DocString) in }
            case (1, nil): steps.step(expression) { (_, _: StepValue) in }
            case (1, "table"): steps.step(expression) { (_, _: StepValue, _: DataTable) in }
            case (1, "doc"): steps.step(expression) { (_, _: StepValue, _: DocString) in }
            case (2, nil): steps.step(expression) { (_, _: StepValue, _: StepValue) in }
            case (2, "table"): steps.step(expression) { (_, _: StepValue, _: StepValue, _: DataTable) in }
            case (2, "doc"): steps.step(expression) { (_, _: StepValue, _: StepValue, _: DocString) in }
            case (3, nil): steps.step(expression) { (_, _: StepValue, _: StepValue, _: StepValue) in }
            default: throw BenchError(message: "unsupported pattern shape: \(expression)")
            }
        }
        return steps
    }
}

struct BenchError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
