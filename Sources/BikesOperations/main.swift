import BikeShare
import Foundation

exit(await EraCommand.run(OperationsEra.self))
