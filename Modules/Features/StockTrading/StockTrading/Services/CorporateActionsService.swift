import Caching
import Failures
import Foundation
import MarketData
import Money
import Persistence
import Timing

/// Splits and dividends applied to what an account holds, from the market data's daily history: a split changes
/// the shares (and so the cost per share) of every holding bought before its date, a dividend whose ex-date is
/// after a purchase credits cash for the shares held at the start of that day. Each action is recorded once per
/// account and symbol, so applying again changes nothing; each appears in the history (kinds `split`, `dividend`).
public struct CorporateActionsService: Sendable {
    private let store: any KeyValueStore
    private let timing: Timing
    private let timeZone: TimeZone
    private let market: MarketService

    /// Creates the service.
    public init(store: any KeyValueStore, timing: Timing, timeZone: TimeZone, market: MarketService) {
        self.store = store
        self.timing = timing
        self.timeZone = timeZone
        self.market = market
    }

    /// Applies every split and dividend not yet applied to `owner`'s holdings, from the first trade of each symbol
    /// to today, and returns the entries it wrote (none without market data: the simulated market has no actions).
    /// - Throws: ``FolioError``: the provider's refusal for a symbol it cannot answer for.
    public func apply(for owner: Session, mode: FetchMode = .normal) async throws -> [HistoryRow] {
        guard let marketData = market.marketData else { return [] }
        let today = CalendarDate(timing.now(), in: timeZone)
        let entries: [LedgerEntry]
        do {
            entries = try await Brokerage(store: store, timing: timing, userID: owner.userID, timeZone: timeZone)
                .history()
        } catch {
            throw StockTradingError.translated(error)
        }
        var firstTrade: [String: CalendarDate] = [:]
        for entry in entries where entry.kind.isTrade {
            guard let symbol = entry.symbol else { continue }
            let day = CalendarDate(entry.timestamp, in: timeZone)
            firstTrade[symbol] = min(firstTrade[symbol] ?? day, day)
        }
        let currency = try await accountCurrency(owner)
        var written: [HistoryRow] = []
        for (symbol, first) in firstTrade.sorted(by: { $0.key < $1.key }) where first < today {
            let history: PriceHistory
            do {
                history = try await marketData.history(
                    symbol, from: first, to: today, mode: MarketService.marketMode(mode)
                ).history
            } catch let error as MarketDataError {
                throw error.folioError
            }
            // Cash from a symbol in another currency is converted at today's rate; without one it waits.
            var fx: ExchangeRate?
            if history.currency != currency {
                fx = try await market.exchangeRate(FXPair(from: history.currency, to: currency), mode: mode)
            }
            do {
                written += try await apply(history, symbol: symbol, after: first, userID: owner.userID, fx: fx).map {
                    HistoryRow($0, realizedPL: $0.realizedPL)
                }
            } catch {
                throw StockTradingError.translated(error)
            }
        }
        return written
    }

    /// The account's currency, its failure as the faces report it.
    private func accountCurrency(_ owner: Session) async throws -> String {
        do {
            return try await Brokerage(store: store, timing: timing, userID: owner.userID, timeZone: timeZone)
                .currency()
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Applies `history`'s actions after `first` in one transaction, each once.
    private func apply(
        _ history: PriceHistory, symbol: String, after first: CalendarDate, userID: String, fx: ExchangeRate?
    )
        async throws -> [LedgerEntry]
    {
        let timeZone = timeZone
        // Splits first on a shared day: that day's dividend is in split shares.
        let events =
            history.splits.filter { $0.date > first }.map {
                (date: $0.date, order: 0, split: Optional($0), dividend: Dividend?.none)
            }
            + history.dividends.filter { $0.exDate > first }.map {
                (date: $0.exDate, order: 1, split: Split?.none, dividend: Optional($0))
            }
        let ordered = events.sorted { ($0.date, $0.order) < ($1.date, $1.order) }
        let keys = ordered.map {
            StorageKeys.action(userID, symbol, $0.date.iso8601, $0.split == nil ? "dividend" : "split")
        }
        // Most reads find every action applied already: a read settles that, without a write transaction.
        let pending = try await store.read { transaction in try keys.contains { try transaction.get($0) == nil } }
        guard pending else { return [] }
        return try await store.write { transaction in
            let writer = LedgerWriter(transaction: transaction, userID: userID)
            var written: [LedgerEntry] = []
            for event in ordered {
                let key = StorageKeys.action(
                    userID, symbol, event.date.iso8601, event.split == nil ? "dividend" : "split")
                guard try transaction.get(key) == nil else { continue }
                try transaction.put(key, true)
                let held = try Self.sharesHeld(
                    symbol, before: event.date, in: transaction, userID: userID, timeZone: timeZone)
                guard held > 0 else { continue }
                let stamp = event.date.startOfDay(in: timeZone)
                if let split = event.split {
                    written.append(
                        try writer.split(
                            symbol: symbol, held: held, ratio: split.ratio,
                            price: history.pricePaid(on: split.date)?.price,
                            at: stamp, fx: fx))
                } else if let dividend = event.dividend {
                    written.append(
                        try writer.dividend(
                            symbol: symbol, shares: held, perShare: history.amountPaid(dividend), at: stamp, fx: fx))
                }
            }
            return written
        }
    }

    /// The shares of `symbol` held at the start of `day`: trades and splits recorded for earlier days.
    private static func sharesHeld(
        _ symbol: String, before day: CalendarDate, in transaction: any StoreTransaction, userID: String,
        timeZone: TimeZone
    ) throws -> Int {
        var held = 0
        for entry in try transaction.scan(LedgerEntry.self, StorageKeys.entries(userID)).map(\.value)
        where entry.symbol == symbol && CalendarDate(entry.timestamp, in: timeZone) < day {
            switch entry.kind {
            case .buy, .split: held += entry.quantity ?? 0
            case .sell: held -= entry.quantity ?? 0
            case .deposit, .withdrawal, .dividend: break
            }
        }
        return max(0, held)
    }
}
