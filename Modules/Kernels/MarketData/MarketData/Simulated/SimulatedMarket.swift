import Foundation
import Money
import Persistence
import Timing

/// The bundled market, for practice and for a machine without network: ten stocks whose prices take one step
/// of a bounded random walk per refresh. The walk's state (prices and generator) is stored, so successive
/// processes continue one reproducible path: the same seed always yields the same sequence of prices.
///
/// Each step moves every price by a whole number of basis points drawn uniformly from ±``maximumStepBasisPoints``
/// and keeps it within ``lowerBound``…``upperBound`` times its starting price, rounded to cents. The previous
/// close is the last price of the previous calendar day. A round of ``quote(for:)`` calls (each symbol once)
/// is one refresh: the walk steps when a symbol is asked for again.
public struct SimulatedMarket: MarketDataProvider {
    /// The largest move of one step, in basis points (200 = 2 %).
    public static let maximumStepBasisPoints = 200
    /// The lowest a price may fall, as a multiple of its starting price.
    public static let lowerBound = Amount(5, places: 1)
    /// The highest a price may rise, as a multiple of its starting price.
    public static let upperBound: Amount = 2
    /// The seed used when none is configured.
    public static let defaultSeed: UInt64 = 20_240_101
    /// Where the walk's state is kept in the store it is given.
    public static let defaultStateKey = "market/simulated"

    private let store: any KeyValueStore
    let timing: Timing
    let timeZone: TimeZone
    private let stateKey: String
    /// The walk's seed.
    public let seed: UInt64
    /// The listings.
    public let listings: [SimulatedListing]

    /// Creates the market over `store`, keeping its state at `stateKey`.
    public init(
        store: any KeyValueStore, timing: Timing, seed: UInt64 = SimulatedMarket.defaultSeed,
        listings: [SimulatedListing] = SimulatedListing.bundled, timeZone: TimeZone = .current,
        stateKey: String = SimulatedMarket.defaultStateKey
    ) {
        self.store = store
        self.timing = timing
        self.seed = seed
        self.listings = listings
        self.timeZone = timeZone
        self.stateKey = stateKey
    }

    /// `simulated`.
    public var id: String { "simulated" }
    /// `simulated:<seed>`: prices of another seed are another market's.
    public var identity: String { "simulated:\(seed)" }
    /// The walk is computed locally.
    public var requiresNetwork: Bool { false }
    /// `the simulated market`.
    public var displayName: String { "the simulated market" }

    /// The listing of `symbol` (any case).
    public func listing(_ symbol: String) -> SimulatedListing? {
        listings.first { $0.symbol == symbol.uppercased() }
    }

    /// Takes one step of the walk and returns every listing's new quote, in listing order.
    public func step() async throws -> [PriceQuote] {
        let state = try await update { state, _ in
            try state.step(listings: listings, day: today)
            state.served = nil
        }
        return listings.map { quote($0, in: state) }
    }

    /// The quote of `symbol`, stepping the walk when `symbol` was already quoted since the last step; a currency
    /// pair's symbol (`GBPUSD=X`) is answered from the fixed table (``dollarsPerUnit``).
    /// - Throws: ``MarketDataError/unknownSymbol(symbol:provider:)`` for a symbol the market does not list.
    public func quote(for symbol: String) async throws -> PriceQuote {
        if let pair = FXPair(symbol: symbol) { return try fxQuote(pair) }
        guard let listing = listing(symbol) else {
            throw MarketDataError.unknownSymbol(symbol: symbol.uppercased(), provider: displayName)
        }
        let state = try await update { state, fresh in
            if fresh || state.served?.contains(listing.symbol) ?? true {
                try state.step(listings: listings, day: today)
                state.served = []
            }
            state.served?.append(listing.symbol)
        }
        return quote(listing, in: state)
    }

    /// Closes on each weekday from `from` to `to`: a reproducible path within ±10 % of the listing's price, the
    /// same for the same seed, symbol and day. The simulated market pays no dividends and never splits.
    public func history(for symbol: String, from: CalendarDate, to: CalendarDate) async throws -> PriceHistory {
        if let pair = FXPair(symbol: symbol) { return try fxHistory(pair, from: from, to: to) }
        guard let listing = listing(symbol) else {
            throw MarketDataError.unknownSymbol(symbol: symbol.uppercased(), provider: displayName)
        }
        var bars: [DailyBar] = []
        var day = from
        while day <= to {
            if day.weekday <= 5 {
                var random = SplitMix64(
                    state: seed ^ Self.stableHash(listing.symbol) ^ UInt64(bitPattern: Int64(day.dayNumber)))
                let basisPoints = Int(random.next() % 2001) - 1000
                let base = listing.basePrice
                let close = try Self.bounded(try base + (base * basisPoints).divided(by: 10_000), base: base)
                bars.append(DailyBar(date: day, close: close, adjustedClose: close))
            }
            day = day.adding(days: 1)
        }
        return PriceHistory(symbol: listing.symbol, currency: "USD", exchangeTimeZone: timeZone.identifier, bars: bars)
    }

    /// The walk's state as stored (nil before the first refresh), for diagnostics and tests.
    public func currentState() async throws -> SimulatedMarketState? {
        let key = stateKey
        return try await store.read { try $0.value(SimulatedMarketState.self, key) }
    }

    private var today: String { CalendarDate(timing.now(), in: timeZone).iso8601 }

    /// Reads the state (starting the walk afresh when there is none or the seed or listings changed), applies
    /// `change` and stores the result in one transaction, so two processes never take the same step.
    private func update(
        _ change: @escaping @Sendable (inout SimulatedMarketState, _ fresh: Bool) throws -> Void
    ) async throws -> SimulatedMarketState {
        let (seed, listings, key, today) = (seed, listings, stateKey, today)
        return try await store.write { transaction in
            var state = try transaction.value(SimulatedMarketState.self, key)
            let fresh = state == nil || state?.seed != seed || state?.symbols != listings.map(\.symbol)
            if fresh { state = SimulatedMarketState(seed: seed, listings: listings, day: today) }
            var next = state!
            try change(&next, fresh)
            try transaction.put(key, next)
            return next
        }
    }

    private func quote(_ listing: SimulatedListing, in state: SimulatedMarketState) -> PriceQuote {
        PriceQuote(
            symbol: listing.symbol, price: state.prices[listing.symbol] ?? listing.basePrice, currency: "USD",
            previousClose: state.previousClose[listing.symbol], exchange: "SIM", exchangeTimeZone: timeZone.identifier,
            marketTime: timing.now(), name: listing.name)
    }

    /// `price` rounded to cents and kept within the walk's bounds around `base` (never below a cent).
    static func bounded(_ price: Amount, base: Amount) throws -> Amount {
        let next = price.rounded(toPlaces: 2, .halfUp)
        let low = try (base * lowerBound).rounded(toPlaces: 2, .halfUp)
        let high = try (base * upperBound).rounded(toPlaces: 2, .halfUp)
        return max(min(max(next, low), high), Amount(1, places: 2))
    }

    /// FNV-1a over the symbol's bytes: the same in every process (Swift's `Hasher` is seeded per process).
    static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
