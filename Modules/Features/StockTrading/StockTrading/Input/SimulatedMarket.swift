import Foundation
import Money
import Persistence
import Timing

/// The bundled market: the seed's ten stocks whose prices take one step of a bounded random walk per
/// refresh. The walk's state (prices and generator) is stored, so successive processes continue one
/// reproducible path: the same seed always yields the same sequence of prices.
///
/// Each step moves every price by a whole number of basis points drawn uniformly from ±``maximumStepBasisPoints``
/// and keeps it within ``lowerBound``…``upperBound`` times its starting price, rounded to cents. The previous
/// close is the last price of the previous calendar day.
public struct SimulatedMarket: MarketDataSource {
    /// The largest move of one step, in basis points (200 = 2 %).
    public static let maximumStepBasisPoints = 200
    /// The lowest a price may fall, as a multiple of its starting price.
    public static let lowerBound = Amount(5, places: 1)
    /// The highest a price may rise, as a multiple of its starting price.
    public static let upperBound: Amount = 2
    /// The seed used when none is configured.
    public static let defaultSeed: UInt64 = 20_240_101

    private let store: any KeyValueStore
    private let timing: Timing
    private let timeZone: TimeZone
    /// The walk's seed.
    public let seed: UInt64
    /// The listings.
    public let stocks: [ListedStock]

    /// Creates the market over the feature's store.
    public init(
        store: any KeyValueStore, timing: Timing, seed: UInt64 = SimulatedMarket.defaultSeed,
        stocks: [ListedStock] = BundledStocks.all, timeZone: TimeZone = .current
    ) {
        self.store = store
        self.timing = timing
        self.seed = seed
        self.stocks = stocks
        self.timeZone = timeZone
    }

    /// `simulated:<seed>`.
    public var identity: String { "simulated:\(seed)" }
    /// The walk is computed locally.
    public var requiresNetwork: Bool { false }
    /// `the simulated market`.
    public var displayName: String { "the simulated market" }

    /// Takes one step of the walk and returns the new quotes.
    public func fetchQuotes() async throws -> [StockQuote] {
        let today = CalendarDate(timing.now(), in: timeZone).iso8601
        let seed = seed
        let stocks = stocks
        let state = try await store.write { transaction in
            var state = try transaction.value(SimulatedMarketState.self, StorageKeys.marketState)
            if state == nil || state?.seed != seed || state?.symbols != stocks.map(\.symbol) {
                state = SimulatedMarketState(seed: seed, stocks: stocks, day: today)
            }
            var next = state!
            try next.step(stocks: stocks, day: today)
            try transaction.put(StorageKeys.marketState, next)
            return next
        }
        return state.quotes(stocks: stocks)
    }

    /// The walk's state as stored (nil before the first refresh), for diagnostics and tests.
    public func currentState() async throws -> SimulatedMarketState? {
        try await store.read { try $0.value(SimulatedMarketState.self, StorageKeys.marketState) }
    }
}

/// Where the walk stands: prices, previous closes and the generator's state.
public struct SimulatedMarketState: Codable, Sendable, Equatable {
    /// The seed the walk started from.
    public var seed: UInt64
    /// The generator's state after the last step.
    public var generator: UInt64
    /// Steps taken since the start.
    public var steps: Int
    /// The calendar day (ISO) of the last step.
    public var day: String
    /// The symbols in walk order (a changed listing restarts the walk).
    public var symbols: [String]
    /// Current prices.
    public var prices: [String: Amount]
    /// Previous closes.
    public var previousClose: [String: Amount]

    init(seed: UInt64, stocks: [ListedStock], day: String) {
        self.seed = seed
        generator = seed
        steps = 0
        self.day = day
        symbols = stocks.map(\.symbol)
        var prices: [String: Amount] = [:]
        for stock in stocks { prices[stock.symbol] = stock.basePrice }
        self.prices = prices
        previousClose = prices
    }

    mutating func step(stocks: [ListedStock], day today: String) throws {
        if today != day {
            previousClose = prices
            day = today
        }
        var random = SplitMix64(state: generator)
        let span = UInt64(2 * SimulatedMarket.maximumStepBasisPoints + 1)
        for stock in stocks {
            let basisPoints = Int(random.next() % span) - SimulatedMarket.maximumStepBasisPoints
            let current = prices[stock.symbol] ?? stock.basePrice
            let move = try (current * basisPoints).divided(by: 10_000)
            var next = try (current + move).rounded(toPlaces: 2, .halfUp)
            next = min(
                max(next, try (stock.basePrice * SimulatedMarket.lowerBound).rounded(toPlaces: 2, .halfUp)),
                try (stock.basePrice * SimulatedMarket.upperBound).rounded(toPlaces: 2, .halfUp))
            prices[stock.symbol] = max(next, Amount(1, places: 2))
        }
        generator = random.state
        steps += 1
    }

    func quotes(stocks: [ListedStock]) -> [StockQuote] {
        stocks.map { stock in
            StockQuote(
                symbol: stock.symbol, name: stock.name, sector: stock.sector,
                price: prices[stock.symbol] ?? stock.basePrice, previousClose: previousClose[stock.symbol])
        }
    }
}
