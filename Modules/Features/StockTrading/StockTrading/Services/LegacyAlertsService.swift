import Failures
import Persistence

/// The price alerts this feature kept itself, per account, before the host kept every feature's alerts: read
/// once, by the host's migration that takes them in. Nothing writes them any more.
public struct LegacyAlertsService: Sendable {
    private let store: any KeyValueStore

    /// Creates the reader over the feature's store.
    public init(store: any KeyValueStore) {
        self.store = store
    }

    /// Every account's alerts.
    public func everyAccountsAlerts() async throws -> [PriceAlert] {
        do {
            return try await store.read { transaction in
                try transaction.scan(KeyRange.prefix("u/")).filter { $0.key.contains("/alert/") }
                    .map { try RecordCoding.decode(PriceAlert.self, from: $0.value, key: $0.key) }
            }
        } catch {
            throw StockTradingError.translated(error)
        }
    }
}
