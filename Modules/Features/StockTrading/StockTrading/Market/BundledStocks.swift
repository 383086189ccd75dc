import Foundation

/// A stock the simulated market lists, with the price it starts from.
public struct ListedStock: Sendable, Equatable {
    /// Ticker.
    public var symbol: String
    /// Company name.
    public var name: String
    /// Sector.
    public var sector: String
    /// The seed's price, where the random walk starts.
    public var basePrice: Decimal

    /// Creates a listing.
    public init(symbol: String, name: String, sector: String, basePrice: Decimal) {
        self.symbol = symbol
        self.name = name
        self.sector = sector
        self.basePrice = basePrice
    }
}

/// The ten stocks of the StockPort app's `stocks.json`, with the app's prices and a sector each.
public enum BundledStocks {
    /// The listings, in the app's order.
    public static let all: [ListedStock] = [
        ListedStock(symbol: "AAPL", name: "Apple Inc.", sector: "Technology", basePrice: Decimal(string: "174.26")!),
        ListedStock(symbol: "TSLA", name: "Tesla, Inc.", sector: "Consumer Discretionary", basePrice: Decimal(string: "258.14")!),
        ListedStock(symbol: "GOOGL", name: "Alphabet Inc.", sector: "Communication Services", basePrice: Decimal(string: "135.50")!),
        ListedStock(symbol: "MSFT", name: "Microsoft Corporation", sector: "Technology", basePrice: Decimal(string: "378.85")!),
        ListedStock(symbol: "AMZN", name: "Amazon.com, Inc.", sector: "Consumer Discretionary", basePrice: Decimal(string: "145.30")!),
        ListedStock(symbol: "META", name: "Meta Platforms, Inc.", sector: "Communication Services", basePrice: Decimal(string: "312.45")!),
        ListedStock(symbol: "NVDA", name: "NVIDIA Corporation", sector: "Technology", basePrice: Decimal(string: "875.20")!),
        ListedStock(symbol: "NFLX", name: "Netflix, Inc.", sector: "Communication Services", basePrice: Decimal(string: "485.75")!),
        ListedStock(symbol: "AMD", name: "Advanced Micro Devices, Inc.", sector: "Technology", basePrice: Decimal(string: "128.90")!),
        ListedStock(symbol: "INTC", name: "Intel Corporation", sector: "Technology", basePrice: Decimal(string: "42.15")!),
    ]

    /// The listing for `symbol`.
    public static func stock(_ symbol: String) -> ListedStock? {
        all.first { $0.symbol == symbol.uppercased() }
    }
}
