import Foundation
import Persistence
import Timing

/// The one way features get market data, shared by every face of a process: quotes cached for a time to live,
/// daily bars and corporate actions stored and refreshed once per trading day, one request per symbol however
/// many callers ask at once, the next provider when one fails, and the stored price (marked stale with its age,
/// never zero) when none can answer.
///
/// ```swift
/// let market = MarketDataService(
///     providers: [yahoo.limited(.yahoo, timing: timing), alphaVantage.limited(.alphaVantage, timing: timing)],
///     store: database.store(namespace: "market"), timing: timing, quoteTTL: .seconds(60))
/// let aapl = try await market.quote("AAPL")          // a fresh or cached price, or a stale one with its age
/// ```
public struct MarketDataService: Sendable {
    /// How fresh an answer must be.
    public enum Mode: Sendable, Equatable {
        /// Stored data while it is fresh, else ask the providers.
        case normal
        /// Ask the providers whatever the age of what is stored.
        case refresh
        /// Never ask a provider that needs the network; stored data, or a local provider.
        case offline
    }

    /// The providers in the order they are asked.
    public let providers: [any MarketDataProvider]
    private let store: any KeyValueStore
    let timing: Timing
    /// How long a fetched quote counts as current.
    public let quoteTTL: Duration
    private let quoteFetches = Coalescer<QuoteReading>()
    private let historyFetches = Coalescer<HistoryReading>()
    /// What this process last read or fetched, so a page priced by twenty symbols does not read twenty records.
    private let memo = ReadingMemo()

    /// Creates the service over its store (a namespace of its own, e.g. `market`).
    public init(providers: [any MarketDataProvider], store: any KeyValueStore, timing: Timing, quoteTTL: Duration) {
        self.providers = providers
        self.store = store
        self.timing = timing
        self.quoteTTL = quoteTTL
    }

    /// The first provider's name, for messages.
    public var providerName: String { providers.first?.displayName ?? "no provider" }

    /// The quote of `symbol`: stored while fresh, else fetched (the first provider that answers), else the stored
    /// one marked stale with its age and why.
    /// - Throws: ``MarketDataError`` when no provider answers and nothing is stored, or when the provider answers
    ///   that it does not know the symbol.
    public func quote(_ symbol: String, mode: Mode = .normal) async throws -> QuoteReading {
        let symbol = symbol.uppercased()
        let key = Self.quoteKey(symbol)
        let now = timing.now()
        let ids = Set(providers.map(\.id))
        if mode != .refresh, let memoed = memo.quote(key), memoed.expiresAt > now,
            ids.contains(memoed.record.providerID)
        {
            return reading(memoed.record, isStale: false, failure: nil, now: now)
        }
        let stored = try await store.get(StoredQuote.self, key)
        if mode != .refresh, let stored, !stored.isStale(at: now), ids.contains(stored.value.providerID) {
            if let expiresAt = stored.expiresAt { memo.remember(key, stored.value, expiresAt: expiresAt) }
            return reading(stored.value, isStale: false, failure: nil, now: now)
        }
        let usable = providers.filter { mode != .offline || !$0.requiresNetwork }
        guard !usable.isEmpty else {
            return try staleQuote(stored?.value, symbol: symbol, error: offlineError(symbol), now: now)
        }
        do {
            return try await quoteFetches.run(symbol) { [store, timing, quoteTTL, memo] in
                let (quote, provider) = try await Self.firstAnswer(usable) { try await $0.quote(for: symbol) }
                let fetchedAt = timing.now()
                let record = StoredQuote(
                    quote: quote, providerID: provider.id, provider: provider.displayName, fetchedAt: fetchedAt)
                let expiresAt = fetchedAt.addingTimeInterval(Self.seconds(quoteTTL))
                try await store.put(key, record, expiresAt: expiresAt)
                memo.remember(key, record, expiresAt: expiresAt)
                return QuoteReading(
                    quote: quote, provider: provider.displayName, fetchedAt: fetchedAt, isStale: false, age: .zero)
            }
        } catch let error as MarketDataError where error.allowsFallback {
            return try staleQuote(stored?.value, symbol: symbol, error: error, now: timing.now())
        }
    }

    /// The quotes of `symbols`, asked for together (each symbol once), each a reading or its refusal.
    public func quotes(
        _ symbols: [String], mode: Mode = .normal
    ) async -> [String: Result<QuoteReading, MarketDataError>] {
        await withTaskGroup(of: (String, Result<QuoteReading, MarketDataError>?).self) { group in
            for symbol in Set(symbols.map { $0.uppercased() }) {
                group.addTask {
                    do {
                        return (symbol, .success(try await quote(symbol, mode: mode)))
                    } catch let error as MarketDataError {
                        return (symbol, .failure(error))
                    } catch {
                        return (symbol, nil)
                    }
                }
            }
            var results: [String: Result<QuoteReading, MarketDataError>] = [:]
            for await (symbol, result) in group {
                results[symbol] =
                    result
                    ?? .failure(
                        .unavailable(symbol: symbol, provider: providerName, reason: "the request was cancelled"))
            }
            return results
        }
    }

    /// Daily bars and corporate actions of `symbol` from `from` to `to`: stored when fetched on the current trading
    /// day and covering the span, else fetched (widened to what is stored, so the store keeps the longest span),
    /// else the stored copy marked stale.
    /// - Throws: ``MarketDataError`` when no provider answers and nothing stored covers any of the span.
    public func history(
        _ symbol: String, from: CalendarDate, to: CalendarDate, mode: Mode = .normal
    ) async throws
        -> HistoryReading
    {
        let symbol = symbol.uppercased()
        let key = Self.historyKey(symbol)
        let now = timing.now()
        if mode == .normal, let remembered = memo.history(key),
            let reading = covered(remembered, from: from, to: to, now: now)
        {
            return reading
        }
        let stored = try await store.get(StoredHistory.self, key)?.value
        if let stored { memo.remember(key, stored) }
        let ids = Set(providers.map(\.id))
        let sameProviders = stored.map { ids.contains($0.providerID) } ?? false
        if let stored, mode == .normal, let reading = covered(stored, from: from, to: to, now: now) {
            return reading
        }
        let usable = providers.filter { mode != .offline || !$0.requiresNetwork }
        guard !usable.isEmpty else {
            return try staleHistory(stored, symbol: symbol, from: from, to: to, error: offlineError(symbol))
        }
        let start = sameProviders ? min(from, stored?.from ?? from) : from
        let end = sameProviders ? max(to, stored?.to ?? to) : to
        do {
            let fetched = try await historyFetches.run("\(symbol) \(start) \(end)") { [store, timing, memo] in
                let (history, provider) = try await Self.firstAnswer(usable) {
                    try await $0.history(for: symbol, from: start, to: end)
                }
                let fetchedAt = timing.now()
                let record = StoredHistory(
                    history: history, providerID: provider.id, provider: provider.displayName, fetchedAt: fetchedAt,
                    from: start, to: end,
                    tradingDay: TradingDay.of(fetchedAt, in: TradingDay.zone(history.exchangeTimeZone)))
                try await store.put(key, record)
                memo.remember(key, record)
                return HistoryReading(
                    history: history, provider: provider.displayName, fetchedAt: fetchedAt, isStale: false)
            }
            var limited = fetched
            limited.history = fetched.history.limited(from: from, to: to)
            return limited
        } catch let error as MarketDataError where error.allowsFallback {
            return try staleHistory(stored, symbol: symbol, from: from, to: to, error: error)
        }
    }

    /// The stored span's part from `from` to `to` when it was fetched by these providers on the current trading day
    /// and covers the span; nil when it must be fetched again.
    private func covered(_ stored: StoredHistory, from: CalendarDate, to: CalendarDate, now: Date) -> HistoryReading? {
        guard providers.contains(where: { $0.id == stored.providerID }) else { return nil }
        let today = TradingDay.of(now, in: TradingDay.zone(stored.history.exchangeTimeZone))
        // No bars can exist after the trading day: a weekend's ask is covered by Friday's fetch.
        let end = min(to, today)
        guard stored.tradingDay == today, stored.from <= from, stored.to >= end else { return nil }
        return HistoryReading(
            history: stored.history.limited(from: from, to: to), provider: stored.provider, fetchedAt: stored.fetchedAt,
            isStale: false)
    }

    /// Asks each provider in turn until one answers; an answer that is a refusal on its merits (an unknown
    /// symbol) ends the search, a failure moves on. The first provider's failure is the one reported.
    static func firstAnswer<T: Sendable>(
        _ providers: [any MarketDataProvider], _ ask: (any MarketDataProvider) async throws -> T
    ) async throws -> (T, any MarketDataProvider) {
        var first: MarketDataError?
        for provider in providers {
            do {
                return (try await ask(provider), provider)
            } catch let error as MarketDataError where error.allowsFallback {
                first = first ?? error
            }
        }
        throw first!
    }

    private func reading(_ stored: StoredQuote, isStale: Bool, failure: String?, now: Date) -> QuoteReading {
        QuoteReading(
            quote: stored.quote, provider: stored.provider, fetchedAt: stored.fetchedAt, isStale: isStale,
            age: .seconds(max(0, now.timeIntervalSince(stored.fetchedAt))), failure: failure)
    }

    private func staleQuote(
        _ stored: StoredQuote?, symbol: String, error: MarketDataError, now: Date
    ) throws -> QuoteReading {
        guard let stored else { throw error }
        return reading(stored, isStale: true, failure: error.description, now: now)
    }

    private func staleHistory(
        _ stored: StoredHistory?, symbol: String, from: CalendarDate, to: CalendarDate, error: MarketDataError
    ) throws -> HistoryReading {
        guard let stored, stored.from <= to, stored.to >= from else { throw error }
        return HistoryReading(
            history: stored.history.limited(from: from, to: to), provider: stored.provider, fetchedAt: stored.fetchedAt,
            isStale: true, failure: error.description)
    }

    private func offlineError(_ symbol: String) -> MarketDataError {
        .notConfigured(symbol: symbol, provider: providerName, reason: "offline, so only stored prices are used")
    }

    static func quoteKey(_ symbol: String) -> String { "quote/\(symbol)" }
    static func historyKey(_ symbol: String) -> String { "history/\(symbol)" }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
