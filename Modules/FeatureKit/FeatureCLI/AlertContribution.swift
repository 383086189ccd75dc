import AlertRules
import Alerting
import ArgumentParser
import FeatureKit

/// A plug-in's `folio alerts add KIND` subcommand: it reads its own options and returns what to watch; the
/// host stores it in its `alerts` namespace (so the command never writes alert state itself).
public protocol AlertAddCommand: AsyncParsableCommand {
    /// The alert asked for, checked against the feature's rules and data.
    /// - Throws: ``Failures/FolioError`` naming the bad option; nothing is stored then.
    func definition(in context: FeatureContext) async throws -> AlertDefinition
}

extension AlertAddCommand {
    /// Refuses to run without the host, which stores what ``definition(in:)`` returns.
    public func run() async throws {
        throw ValidationError(
            "alert kinds are added by the folio host: folio alerts add \(Self.configuration.commandName ?? "")")
    }
}

/// One alert kind a plug-in contributes: the engine's part and the terminal's `alerts add` subcommand.
public struct AlertContribution: Sendable {
    /// The kind: name, rate and check.
    public let kind: AlertKind
    /// `folio alerts add <kind.name> …`; its command name must equal the kind's name.
    public let add: any AlertAddCommand.Type
    /// The alerts of this kind the feature kept itself before the host kept them, read once when the host's
    /// `alerts` namespace is created.
    public let imports: @Sendable (FeatureContext) async throws -> [ImportedAlert]

    /// Creates a contribution.
    public init(
        kind: AlertKind, add: any AlertAddCommand.Type,
        imports: @escaping @Sendable (FeatureContext) async throws -> [ImportedAlert] = { _ in [] }
    ) {
        self.kind = kind
        self.add = add
        self.imports = imports
    }
}
