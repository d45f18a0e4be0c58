import BikeShare
import Foundation

exit(await EraCommand.run(DispatchEra.self))
