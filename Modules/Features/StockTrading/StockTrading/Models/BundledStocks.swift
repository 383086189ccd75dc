import Foundation
import MarketData

/// The ten stocks of the StockPort app's `stocks.json`, with the app's prices and a sector each.
public enum BundledStocks {
    /// The listings, in the app's order: the simulated market's.
    public static let all: [SimulatedListing] = SimulatedListing.bundled

    /// The listing for `symbol`.
    public static func stock(_ symbol: String) -> SimulatedListing? {
        all.first { $0.symbol == symbol.uppercased() }
    }
}
