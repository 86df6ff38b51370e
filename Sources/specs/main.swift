import Foundation
import SpecsCommand
import SpecsRunner

final class EmptyWorld {}

exit(await SpecsCommand.main(registry: StepRegistry { EmptyWorld() }))
