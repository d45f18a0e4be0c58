import BikeShare
import Foundation

exit(await EraCommand.run(CallbacksEra.self))
