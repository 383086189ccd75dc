import ArgumentParser
import Failures
import FeatureKit

/// A feature's runnable command: ArgumentParser builds it from the arguments, then the host builds the live
/// ``FeatureContext`` and calls ``run(in:)`` (the pattern of SwiftPM's `SwiftCommand` and swiftly's
/// `SwiftlyCommand`). Tests call the same entry point with `FeatureContext.test(...)`.
public protocol FeatureCommand: AsyncParsableCommand {
    /// Runs the command with everything it may touch.
    /// - Throws: ``FolioError`` for failures the user should see; anything else is reported as internal.
    func run(in context: FeatureContext) async throws
}

extension FeatureCommand {
    /// Refuses to run without the host, so no command can build its own live kernels.
    public func run() async throws {
        throw FolioError(
            .internal, "\(Self.configuration.commandName ?? "\(Self.self)") cannot run on its own",
            why: "feature commands are run by the folio host with a FeatureContext")
    }
}
