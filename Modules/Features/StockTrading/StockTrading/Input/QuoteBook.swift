import Caching
import Failures
import Foundation
import MarketData
import Networking
import Persistence
import Timing

/// The last known prices, kept in the store and refreshed from a ``MarketDataSource`` when they are older
/// than the time to live. When the source fails with something a retry might cure (timeouts, connection
/// failures, 429, 5xx), the last known prices are served, marked stale with their age; a source that
/// answers nonsense is reported instead, since old prices would hide a real change.
public struct QuoteBook: Sendable {
    /// How fresh the prices must be.
    public enum Mode: Sendable, Equatable {
        /// Use the stored prices while they are younger than the time to live, else refresh.
        case normal
        /// Refresh now whatever the age of the stored prices.
        case refresh
        /// Never ask a networked source; the stored prices only (a local source is used as in ``normal``).
        case offline
    }

    private let store: any KeyValueStore
    private let source: any MarketDataSource
    private let timing: Timing
    /// How long fetched prices count as current.
    public let timeToLive: Duration
    private let page: PagePolicy?

    /// Creates the book.
    /// - Parameter page: For a server's pages: stale prices at once while one refresh runs in the background,
    ///   no prices within the page's deadline, a failure remembered (``CachedFetch``'s page policy). Nil for the
    ///   terminal, which waits for its one fetch.
    public init(
        store: any KeyValueStore, source: any MarketDataSource, timing: Timing, timeToLive: Duration = .seconds(60),
        page: PagePolicy? = nil
    ) {
        self.store = store
        self.source = source
        self.timing = timing
        self.timeToLive = timeToLive
        self.page = page
    }

    /// The source's name for messages.
    public var sourceName: String { source.displayName }
    /// Whether the source prices any symbol asked for (a live market) rather than a list of its own.
    public var pricesAnySymbol: Bool { (source as? MarketDataQuoteSource)?.pricesAnySymbol ?? false }

    /// The quotes, fetched or stored as `mode` and their age require.
    /// - Throws: ``StockTradingError/quotesUnavailable(source:reason:)`` when nothing is stored and the
    ///   source cannot be used; ``StockTradingError/badQuoteData(source:reason:)`` for a nonsensical answer.
    /// - Parameter symbols: What to price, for a source that prices any symbol (a live market: only these are asked
    ///   for, and the stored ones are current only when the last fetch had them all); a source with a list of its
    ///   own fetches its list whatever is asked.
    public func quotes(_ mode: Mode = .normal, symbols: [String] = []) async throws -> QuoteSet {
        let now = timing.now()
        let identity = source.identity
        let wanted = pricesAnySymbol ? Array(Set(symbols.map { $0.uppercased() })).sorted() : []
        if pricesAnySymbol, wanted.isEmpty {
            // Nothing asked of a live market: nothing to fetch, and no request made for a list nobody follows.
            return QuoteSet(quotes: [:], source: source.displayName, asOf: now, isStale: false)
        }
        let stored = try await store.read { transaction in
            StoredQuotes(
                fetch: try transaction.get(QuoteFetch.self, StorageKeys.quoteFetch),
                quotes: try transaction.scan(StockQuote.self, StorageKeys.quotes))
        }
        let current =
            stored.fetch.map {
                $0.value.source == identity && !$0.isStale(at: now) && Set(wanted).isSubset(of: $0.value.symbols)
            } ?? false
        // --offline forbids the network, not a market computed on this machine.
        let mode = mode == .offline && !source.requiresNetwork ? .normal : mode
        switch mode {
        case .offline:
            guard !stored.quotes.isEmpty else {
                throw StockTradingError.quotesUnavailable(
                    source: source.displayName, reason: "--offline uses stored prices only and none are stored")
            }
            return stored.set(source: source.displayName, identity: identity, isStale: !current, failure: nil)
        case .normal where current:
            return stored.set(source: source.displayName, identity: identity, isStale: false, failure: nil)
        case .normal where page != nil && source.requiresNetwork:
            return try await pageQuotes(stored, identity: identity, wanted: wanted)
        case .normal, .refresh:
            break
        }
        let fresh: [StockQuote]
        do {
            // A cast rather than a protocol requirement with a default, or a helper taking the existential: Swift
            // 6.3's debug build crashed the test process (a call through a null pointer) with either.
            if let live = source as? MarketDataQuoteSource, live.pricesAnySymbol {
                fresh = try await live.fetchQuotes(for: wanted)
            } else {
                fresh = try await source.fetchQuotes()
            }
        } catch let error as NetworkError where error.isTransient {
            return try fallBack(stored, identity: identity, reason: error.description)
        } catch let error as MarketDataError where error.allowsFallback {
            return try fallBack(stored, identity: identity, reason: error.description)
        } catch let error as MarketDataError {
            throw error.folioError
        } catch let error as NetworkError {
            switch error {
            case .decoding:
                throw StockTradingError.badQuoteData(source: source.displayName, reason: error.description)
            default:
                throw StockTradingError.quotesUnavailable(source: source.displayName, reason: error.description)
            }
        }
        let fetchedAt = timing.now()
        let expiresAt = fetchedAt.addingTimeInterval(Self.seconds(timeToLive))
        try await store.write { transaction in
            try transaction.put(
                StorageKeys.quoteFetch,
                QuoteFetch(
                    source: identity, sourceName: sourceName, fetchedAt: fetchedAt, symbols: fresh.map(\.symbol)),
                expiresAt: expiresAt)
            for quote in fresh { try transaction.put(StorageKeys.quote(quote.symbol), quote) }
        }
        var quotes: [String: MarketQuote] = [:]
        for entry in stored.quotes {
            quotes[entry.value.symbol] = MarketQuote(quote: entry.value, asOf: entry.storedAt, isStale: true)
        }
        for quote in fresh { quotes[quote.symbol] = MarketQuote(quote: quote, asOf: fetchedAt, isStale: false) }
        return QuoteSet(quotes: quotes, source: source.displayName, asOf: fetchedAt, isStale: false)
    }

    /// Prices for a page under ``CachedFetch``'s page policy: the stored prices at once (stale, one refresh in the
    /// background), none within the page's deadline (503), a recent failure without asking again.
    private func pageQuotes(_ stored: StoredQuotes, identity: String, wanted: [String]) async throws -> QuoteSet {
        let source = self.source
        let sourceName = self.sourceName
        let timing = self.timing
        // A copy lacking a symbol asked for is no copy of what the page shows: fetch it within the deadline.
        let hasCopy =
            stored.fetch.map { $0.value.source == identity && Set(wanted).isSubset(of: $0.value.symbols) } ?? false
            && !stored.quotes.isEmpty
        let fallsBack: @Sendable (any Error) -> Bool = {
            NetworkError.isTransient($0) || (($0 as? MarketDataError)?.allowsFallback ?? false)
        }
        let fetch = CachedFetch(store: store, timing: timing, fallsBack: fallsBack, page: page)
        let cached: Cached<[StockQuote]>
        do {
            cached = try await fetch.value(
                key: StorageKeys.quoteFetch, ttl: timeToLive, mode: .normal, source: "the quotes service",
                load: {
                    guard let live = source as? MarketDataQuoteSource, live.pricesAnySymbol else {
                        return try await source.fetchQuotes()
                    }
                    return try await live.fetchQuotes(for: wanted)
                },
                read: { _ in
                    guard hasCopy, let fetch = stored.fetch else { return nil }
                    return Entry(
                        key: StorageKeys.quoteFetch, value: stored.quotes.map(\.value), storedAt: fetch.storedAt,
                        expiresAt: fetch.expiresAt)
                },
                save: { transaction, fresh, expiresAt in
                    try transaction.put(
                        StorageKeys.quoteFetch,
                        QuoteFetch(
                            source: identity, sourceName: sourceName, fetchedAt: timing.now(),
                            symbols: fresh.map(\.symbol)),
                        expiresAt: expiresAt)
                    for quote in fresh { try transaction.put(StorageKeys.quote(quote.symbol), quote) }
                })
        } catch let error as MarketDataError {
            throw error.allowsFallback
                ? StockTradingError.quotesUnavailable(source: sourceName, reason: error.reason) : error.folioError
        } catch let error as NetworkError {
            switch error {
            case .decoding: throw StockTradingError.badQuoteData(source: sourceName, reason: error.description)
            default: throw StockTradingError.quotesUnavailable(source: sourceName, reason: error.description)
            }
        }
        guard cached.fromCache else {
            var quotes: [String: MarketQuote] = [:]
            for quote in cached.value {
                quotes[quote.symbol] = MarketQuote(quote: quote, asOf: cached.asOf, isStale: false)
            }
            return QuoteSet(quotes: quotes, source: sourceName, asOf: cached.asOf, isStale: false)
        }
        return stored.set(source: sourceName, identity: identity, isStale: true, failure: cached.failure?.line)
    }

    private func fallBack(_ stored: StoredQuotes, identity: String, reason: String) throws -> QuoteSet {
        guard !stored.quotes.isEmpty else {
            throw StockTradingError.quotesUnavailable(
                source: source.displayName, reason: "\(reason), and no earlier prices are stored")
        }
        return stored.set(source: source.displayName, identity: identity, isStale: true, failure: reason)
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

/// The bookkeeping of the last successful fetch; its expiry is the prices' freshness.
struct QuoteFetch: Codable, Sendable {
    var source: String
    /// The source's name for messages, so prices kept from a source no longer configured say where they came from.
    var sourceName: String?
    var fetchedAt: Date
    var symbols: [String]
}

private struct StoredQuotes: Sendable {
    var fetch: Entry<QuoteFetch>?
    var quotes: [Entry<StockQuote>]

    func set(source: String, identity: String, isStale: Bool, failure: String?) -> QuoteSet {
        let latest = fetch.flatMap { $0.value.source == identity ? Set($0.value.symbols) : nil } ?? []
        var quotes: [String: MarketQuote] = [:]
        for entry in self.quotes {
            let current = !isStale && latest.contains(entry.value.symbol)
            quotes[entry.value.symbol] = MarketQuote(quote: entry.value, asOf: entry.storedAt, isStale: !current)
        }
        let asOf = fetch?.value.fetchedAt ?? self.quotes.map(\.storedAt).max() ?? Date(timeIntervalSince1970: 0)
        let origin = fetch.flatMap { $0.value.source == identity ? nil : $0.value.sourceName ?? $0.value.source }
        return QuoteSet(quotes: quotes, source: origin ?? source, asOf: asOf, isStale: isStale, failure: failure)
    }
}
