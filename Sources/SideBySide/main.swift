import Foundation

exit(SideBySide.run(Array(CommandLine.arguments.dropFirst())))
