import Foundation
import Money

/// A stock the simulated market lists, with the price its walk starts from.
public struct SimulatedListing: Sendable, Equatable {
    /// Ticker.
    public var symbol: String
    /// Company name.
    public var name: String
    /// Sector, for allocation reports.
    public var sector: String
    /// Where the random walk starts, in US dollars.
    public var basePrice: Amount

    /// Creates a listing.
    public init(symbol: String, name: String, sector: String, basePrice: Amount) {
        self.symbol = symbol
        self.name = name
        self.sector = sector
        self.basePrice = basePrice
    }

    /// The ten stocks of the StockPort app's `stocks.json`, with the app's prices and a sector each.
    public static let bundled: [SimulatedListing] = [
        SimulatedListing(symbol: "AAPL", name: "Apple Inc.", sector: "Technology", basePrice: Amount(17426, places: 2)),
        SimulatedListing(
            symbol: "TSLA", name: "Tesla, Inc.", sector: "Consumer Discretionary", basePrice: Amount(25814, places: 2)),
        SimulatedListing(
            symbol: "GOOGL", name: "Alphabet Inc.", sector: "Communication Services",
            basePrice: Amount(13550, places: 2)),
        SimulatedListing(
            symbol: "MSFT", name: "Microsoft Corporation", sector: "Technology", basePrice: Amount(37885, places: 2)),
        SimulatedListing(
            symbol: "AMZN", name: "Amazon.com, Inc.", sector: "Consumer Discretionary",
            basePrice: Amount(14530, places: 2)),
        SimulatedListing(
            symbol: "META", name: "Meta Platforms, Inc.", sector: "Communication Services",
            basePrice: Amount(31245, places: 2)),
        SimulatedListing(
            symbol: "NVDA", name: "NVIDIA Corporation", sector: "Technology", basePrice: Amount(87520, places: 2)),
        SimulatedListing(
            symbol: "NFLX", name: "Netflix, Inc.", sector: "Communication Services", basePrice: Amount(48575, places: 2)
        ),
        SimulatedListing(
            symbol: "AMD", name: "Advanced Micro Devices, Inc.", sector: "Technology",
            basePrice: Amount(12890, places: 2)),
        SimulatedListing(
            symbol: "INTC", name: "Intel Corporation", sector: "Technology", basePrice: Amount(4215, places: 2)),
    ]
}
