import ArgumentParser
import FeatureKit
import Persistence
import Settings

/// The kernels a feature uses; the host builds only these for it.
public struct KernelRequirements: OptionSet, Sendable, Hashable {
    /// The set's raw bits.
    public let rawValue: Int

    /// Creates a set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The HTTP client.
    public static let network = KernelRequirements(rawValue: 1 << 0)
    /// The namespaced key-value store.
    public static let persistence = KernelRequirements(rawValue: 1 << 1)
    /// Clocks and the shared ticker.
    public static let timing = KernelRequirements(rawValue: 1 << 2)
    /// The market data the process shares (``FeatureContext/marketData``).
    public static let marketData = KernelRequirements(rawValue: 1 << 3)
    /// Every kernel.
    public static let all: KernelRequirements = [.network, .persistence, .timing]

    /// The kernels' names, for `folio features`.
    public var names: [String] {
        [
            (KernelRequirements.network, "network"), (.persistence, "persistence"), (.timing, "timing"),
            (.marketData, "market data"),
        ]
        .filter { contains($0.0) }.map(\.1)
    }
}

/// What a feature plug-in exports to the host: one plain value, like ArgumentParser's `CommandGroup`.
///
/// The id is the feature's root command name, its storage namespace and its logger label, so one word
/// names the feature everywhere.
public struct FeatureDescriptor: Sendable {
    /// The root command name, storage namespace and log label (`funds`, `races`).
    public let id: String
    /// One line for `folio --help` and `folio features`.
    public let summary: String
    /// The kernels the feature needs.
    public let requirements: KernelRequirements
    /// The feature's root command; its subcommands are the feature's commands.
    public let command: any ParsableCommand.Type
    /// The schema history of the feature's namespace, built from the context its commands get. The feature
    /// applies it itself on first use; the descriptor declares it too so that `folio db migrate` can apply every
    /// feature's history before any command runs (a shared server prepared once, by whoever administers it).
    public let migrations: @Sendable (FeatureContext) -> [Migration]
    /// The kinds of value source the feature contributes (``contributing(valueSources:)``); none by default.
    public private(set) var valueSources: [ValueSourceKind] = []
    /// The household's books the feature keeps, for the overview (``contributing(household:)``); nil by default.
    public private(set) var household: HouseholdReader?
    /// What is coming up in the feature, for the overview (``contributing(agenda:)``); nil by default.
    public private(set) var agenda: AgendaReader?
    /// The alert kinds the feature contributes to `folio alerts`.
    public let alertKinds: [AlertContribution]
    /// The keys of the feature's namespace that belong to one device even when the data is shared (a login):
    /// on a shared server they stay in `FOLIO_HOME`'s SQLite file. None by default.
    public private(set) var deviceLocalKeys: Set<String> = []
    /// Older spellings of the feature's commands the host still accepts (``CommandAlias``). None by default.
    public private(set) var aliases: [CommandAlias] = []
    /// The settings the feature reads (`funds.historyTTL`), for `folio settings` and the check of `config.json`'s
    /// keys (``contributing(settings:)``). None by default.
    public private(set) var settings: [ConfigKey] = []

    /// Creates a descriptor.
    /// - Parameters:
    ///   - migrations: The namespace's schema history; none by default (a feature whose records need no upgrade).
    ///   - alertKinds: The alert kinds the feature contributes; none by default.
    public init(
        id: String, summary: String, requirements: KernelRequirements, command: any ParsableCommand.Type,
        migrations: @escaping @Sendable (FeatureContext) -> [Migration] = { _ in [] },
        alertKinds: [AlertContribution] = []
    ) {
        self.id = id
        self.summary = summary
        self.requirements = requirements
        self.command = command
        self.migrations = migrations
        self.alertKinds = alertKinds
    }

    /// The descriptor with `kinds` as the value sources it contributes (`stocks:portfolio/<EMAIL>`).
    public func contributing(valueSources kinds: [ValueSourceKind]) -> FeatureDescriptor {
        var descriptor = self
        descriptor.valueSources = kinds
        return descriptor
    }

    /// The descriptor with `read` as the household books it keeps (``household``).
    public func contributing(household read: @escaping HouseholdReader) -> FeatureDescriptor {
        var descriptor = self
        descriptor.household = read
        return descriptor
    }

    /// The descriptor with `read` as what is coming up in it (``agenda``).
    public func contributing(agenda read: @escaping AgendaReader) -> FeatureDescriptor {
        var descriptor = self
        descriptor.agenda = read
        return descriptor
    }

    /// The descriptor with `keys` as the settings it reads (``settings``).
    public func contributing(settings keys: [ConfigKey]) -> FeatureDescriptor {
        var descriptor = self
        descriptor.settings = keys
        return descriptor
    }

    /// The descriptor with `keys` kept on this device (``deviceLocalKeys``).
    public func keepingOnDevice(_ keys: Set<String>) -> FeatureDescriptor {
        var descriptor = self
        descriptor.deviceLocalKeys = keys
        return descriptor
    }

    /// The descriptor with `aliases` accepted before the command line is parsed (``aliases``).
    public func accepting(aliases: [CommandAlias]) -> FeatureDescriptor {
        var descriptor = self
        descriptor.aliases = aliases
        return descriptor
    }

    /// The root command's declared name (a plug-in's root must declare one); the registry checks that it
    /// equals ``id``.
    public var commandName: String { command.configuration.commandName ?? "\(command)" }
}
