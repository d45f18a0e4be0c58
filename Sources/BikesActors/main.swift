import BikeShare
import Foundation

exit(await EraCommand.run(ActorsEra.self))
