import Foundation
import SpecsCommand
import SpecsSteps

exit(await SpecsCommand.main(registry: SeedSteps.registry()))
