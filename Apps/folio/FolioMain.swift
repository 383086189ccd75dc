import FeatureKit
import Foundation
import NetworkingAsyncHTTPClient

/// The `folio` executable.
@main
enum FolioMain {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let environment = ProcessInfo.processInfo.environment
        AsyncHTTPClientTransport.useOneEventLoopThread(environment: environment)
        let code = await FolioHost.run(arguments: arguments, environment: environment, terminal: StandardTerminal())
        exit(code)
    }
}
