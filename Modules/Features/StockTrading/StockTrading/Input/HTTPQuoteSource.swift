import Foundation
import Money
import Networking

/// Quotes from an HTTP service (`FOLIO_QUOTES_URL`): a GET of that URL answering JSON, either an array of
/// quotes or an object `{"quotes": [...]}`, each quote
/// `{"symbol": "AAPL", "name": "Apple Inc.", "price": 174.26, "previousClose": 172.10, "sector": "Technology"}`.
/// `symbol` and `price` are required (numbers may be JSON numbers or numeric strings); `name` defaults to
/// the symbol, `sector` to `Other`, `previousClose` to unknown. Retries and backoff come from the client.
public struct HTTPQuoteSource: MarketDataSource {
    private let http: any HTTPClient
    /// The quotes document's URL.
    public let url: URL

    /// Creates the source.
    public init(http: any HTTPClient, url: URL) {
        self.http = http
        self.url = url
    }

    /// `http:<url>`.
    public var identity: String { "http:\(url.absoluteString)" }
    /// Always: quotes come over HTTP.
    public var requiresNetwork: Bool { true }
    /// The URL.
    public var displayName: String { url.absoluteString }

    /// Fetches and validates the quotes.
    /// - Throws: `NetworkError` for transport and HTTP failures and undecodable bodies;
    ///   ``StockTradingError/badQuoteData(source:reason:)`` for quotes that decode but make no sense.
    public func fetchQuotes() async throws -> [StockQuote] {
        let endpoint = Endpoint<QuotesDocument>.json(HTTPRequest(url: url))
        let document = try await http.send(endpoint)
        var seen: Set<String> = []
        var quotes: [StockQuote] = []
        for (index, item) in document.quotes.enumerated() {
            let symbol = item.symbol.trimmingCharacters(in: .whitespaces).uppercased()
            guard !symbol.isEmpty, symbol.count <= 12,
                symbol.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" })
            else {
                throw StockTradingError.badQuoteData(
                    source: displayName, reason: "quote [\(index)] has symbol \"\(item.symbol)\"")
            }
            guard item.price.isPositive else {
                throw StockTradingError.badQuoteData(source: displayName, reason: "\(symbol) has price \(item.price)")
            }
            guard seen.insert(symbol).inserted else { continue }
            quotes.append(
                StockQuote(
                    symbol: symbol, name: item.name ?? symbol, sector: item.sector ?? "Other", price: item.price,
                    previousClose: item.previousClose.flatMap { $0.isPositive ? $0 : nil }))
        }
        guard !quotes.isEmpty else {
            throw StockTradingError.badQuoteData(source: displayName, reason: "the document lists no quotes")
        }
        return quotes
    }
}

/// The wire format: a bare array or `{"quotes": [...]}`.
struct QuotesDocument: Decodable {
    struct Item: Decodable {
        var symbol: String
        var name: String?
        /// A JSON number or a numeric string: `Amount` reads both.
        var price: Amount
        var previousClose: Amount?
        var sector: String?
    }

    var quotes: [Item]

    private enum CodingKeys: String, CodingKey { case quotes }

    init(from decoder: any Decoder) throws {
        if (try? decoder.unkeyedContainer()) != nil {
            quotes = try decoder.singleValueContainer().decode([Item].self)
        } else {
            quotes = try decoder.container(keyedBy: CodingKeys.self).decode([Item].self, forKey: .quotes)
        }
    }
}
