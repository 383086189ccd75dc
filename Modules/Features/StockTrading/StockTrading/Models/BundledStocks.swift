import Foundation
import MarketData
import Money

/// A stock the simulated market lists, with the price it starts from.
public struct ListedStock: Sendable, Equatable {
    /// Ticker.
    public var symbol: String
    /// Company name.
    public var name: String
    /// Sector.
    public var sector: String
    /// The seed's price, where the random walk starts.
    public var basePrice: Amount

    /// Creates a listing.
    public init(symbol: String, name: String, sector: String, basePrice: Amount) {
        self.symbol = symbol
        self.name = name
        self.sector = sector
        self.basePrice = basePrice
    }
}

/// The ten stocks of the StockPort app's `stocks.json`, with the app's prices and a sector each.
public enum BundledStocks {
    /// The listings, in the app's order: the simulated market's.
    public static let all: [ListedStock] = SimulatedListing.bundled.map {
        ListedStock(symbol: $0.symbol, name: $0.name, sector: $0.sector, basePrice: $0.basePrice)
    }

    /// The listing for `symbol`.
    public static func stock(_ symbol: String) -> ListedStock? {
        all.first { $0.symbol == symbol.uppercased() }
    }
}
