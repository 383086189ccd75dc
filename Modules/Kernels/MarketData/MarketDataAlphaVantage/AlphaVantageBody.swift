import Foundation
import MarketData

/// Alpha Vantage's answers: values are strings under numbered keys (`"05. price"`), and every refusal arrives
/// with HTTP 200 — `Note` or `Information` for a throttled or unkeyed call, `Error Message` for a bad symbol.
struct AlphaVantageBody: Decodable {
    var note: String?
    var information: String?
    var errorMessage: String?
    var globalQuote: [String: String]?
    var metaData: [String: String]?
    var dailySeries: [String: [String: WireNumber]]?
    var exchangeRate: [String: String]?

    enum CodingKeys: String, CodingKey {
        case note = "Note"
        case information = "Information"
        case errorMessage = "Error Message"
        case globalQuote = "Global Quote"
        case metaData = "Meta Data"
        case dailySeries = "Time Series (Daily)"
        case exchangeRate = "Realtime Currency Exchange Rate"
    }

    /// The throttle or key notice, when the body is one.
    var refusal: String? { note ?? information }
}
