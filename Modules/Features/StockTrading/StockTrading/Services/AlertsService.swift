import Caching
import Failures
import Foundation
import Money
import Persistence
import Timing

/// One account's price alerts: add, list, remove, re-arm and check against current prices.
public struct AlertsService: Sendable {
    private let store: any KeyValueStore
    private let timing: Timing
    private let market: MarketService

    /// Creates the service.
    public init(store: any KeyValueStore, timing: Timing, market: MarketService) {
        self.store = store
        self.timing = timing
        self.market = market
    }

    /// Adds an alert whose first crossing is measured from the current price.
    /// - Throws: ``FolioError`` (invalid, field `symbol`) for a symbol the market does not list; nothing is stored then.
    public func add(
        symbol: String, direction: PriceAlert.Direction, level: Amount, for owner: Session
    ) async throws -> AlertRow {
        let quotes = try await market.quotes()
        let now = timing.now()
        do {
            return AlertRow(try await book(owner).add(symbol: symbol, direction: direction, level: level, quotes: quotes, at: now))
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Every alert, by number.
    public func list(for owner: Session) async throws -> [AlertRow] {
        do {
            return try await book(owner).list().map(AlertRow.init)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Removes alert `id`; returns it.
    /// - Throws: ``FolioError`` (not found, field `id`).
    @discardableResult
    public func remove(_ id: Int, for owner: Session) async throws -> AlertRow {
        do {
            return AlertRow(try await book(owner).remove(id))
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Arms alert `id` again from the current price.
    /// - Throws: ``FolioError`` (not found, field `id`).
    @discardableResult
    public func rearm(_ id: Int, for owner: Session) async throws -> AlertRow {
        let quotes = try await market.quotes()
        let now = timing.now()
        do {
            return AlertRow(try await book(owner).rearm(id, quotes: quotes, at: now))
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Checks every armed alert against prices fetched as `mode` asks; stale prices fire nothing.
    public func check(for owner: Session, mode: FetchMode = .normal) async throws -> Priced<AlertCheckReport> {
        let quotes = try await market.quotes(mode)
        let now = timing.now()
        do {
            return Priced(report: AlertCheckReport(try await book(owner).check(quotes: quotes, at: now)), quotes: quotes)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Every account's alerts, for the host's one-time move of them into its own alert store.
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

    /// A monitor that refreshes prices and checks `owner`'s alerts every interval on the injected clock.
    public func monitor(for owner: Session) -> AlertMonitor {
        AlertMonitor(alerts: book(owner), quotes: market.book, timing: timing)
    }

    private func book(_ owner: Session) -> AlertBook {
        AlertBook(store: store, userID: owner.userID)
    }
}
