import Foundation
import Money

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
    /// The symbols quoted one at a time since the last step; asking for one of them again takes the next step.
    public var served: [String]?

    init(seed: UInt64, listings: [SimulatedListing], day: String) {
        self.seed = seed
        generator = seed
        steps = 0
        self.day = day
        symbols = listings.map(\.symbol)
        var prices: [String: Amount] = [:]
        for listing in listings { prices[listing.symbol] = listing.basePrice }
        self.prices = prices
        previousClose = prices
    }

    mutating func step(listings: [SimulatedListing], day today: String) throws {
        if today != day {
            previousClose = prices
            day = today
        }
        var random = SplitMix64(state: generator)
        let span = UInt64(2 * SimulatedMarket.maximumStepBasisPoints + 1)
        for listing in listings {
            let basisPoints = Int(random.next() % span) - SimulatedMarket.maximumStepBasisPoints
            let current = prices[listing.symbol] ?? listing.basePrice
            prices[listing.symbol] = try SimulatedMarket.bounded(
                try current + (current * basisPoints).divided(by: 10_000), base: listing.basePrice)
        }
        generator = random.state
        steps += 1
    }
}
