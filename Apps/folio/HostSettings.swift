import FeatureCLI
import MarketData
import Settings

/// Every setting folio reads: the host's own (database, web server, alerts, market data) and each registered
/// feature's (``FeatureDescriptor/settings``), so `folio settings` can list them and a `config.json` key that
/// none of them reads (a typo, or a nested object) is said, not silently ignored.
struct HostSettings {
    /// One setting and who reads it.
    struct Known {
        var key: ConfigKey
        /// `folio` for the host, else the feature's id.
        var owner: String
    }

    /// A `config.json` key no setting reads, with the nearest one that exists.
    struct Unread: Equatable {
        var key: String
        var nearest: String?
    }

    /// The host's own settings.
    static let hostKeys: [ConfigKey] =
        [
            DatabaseSelection.key, WebHost.pageDeadlineKey, WebHost.failureMemoryKey, ServeOperations.accessLogKey,
            ServeOperations.drainDeadlineKey, AlertsHost.webhookKey, AlertsHost.publicURLKey,
        ] + MarketSettings.keys

    /// The keys of `config.json` that are not settings: `disabledFeatures` is the one list it may hold.
    static let structuralKeys: Set<String> = ["disabledFeatures"]

    let known: [Known]

    /// The settings of the host and of `registry`'s features.
    init(registry: [FeatureDescriptor]) {
        known =
            Self.hostKeys.map { Known(key: $0, owner: "folio") }
            + registry.flatMap { feature in feature.settings.map { Known(key: $0, owner: feature.id) } }
    }

    /// The keys of `config.json` (every key it holds, read or not) that no setting reads.
    func unread(_ keys: some Sequence<String>) -> [Unread] {
        let names = Set(known.map(\.key.name))
        return keys.filter { !names.contains($0) && !Self.structuralKeys.contains($0) }.sorted().map { key in
            let nearest = names.map { (name: $0, distance: CommandOptions.distance(key, $0)) }
                .filter { $0.distance <= max(1, min(3, key.count / 4)) }
                .min { ($0.distance, $0.name) < ($1.distance, $1.name) }
            return Unread(key: key, nearest: nearest?.name)
        }
    }
}
