import FeatureKit
import Foundation

/// The `folio` executable.
@main
enum FolioMain {
    static func main() async {
        let code = await FolioHost.run(
            arguments: Array(CommandLine.arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment,
            terminal: StandardTerminal())
        exit(code)
    }
}
