// snippet runner
import CartSteps
import Foundation
import SpecsCommand

exit(await SpecsCommand.main(registry: CartSteps.registry()))
// end snippet runner
