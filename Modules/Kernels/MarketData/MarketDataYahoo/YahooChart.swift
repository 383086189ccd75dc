import Foundation
import MarketData

/// The v8 chart API's JSON (`{"chart":{"result":[…],"error":…}}`), as far as Folio reads it.
struct YahooChartEnvelope: Decodable {
    var chart: Chart

    struct Chart: Decodable {
        var result: [Result]?
        var error: ChartError?
    }

    struct ChartError: Decodable {
        var code: String?
        var description: String?
    }

    struct Result: Decodable {
        var meta: Meta
        var timestamp: [Int64]?
        var events: Events?
        var indicators: Indicators?
    }

    struct Meta: Decodable {
        var currency: String?
        var symbol: String?
        var exchangeName: String?
        var exchangeTimezoneName: String?
        var regularMarketPrice: WireNumber?
        var regularMarketTime: Int64?
        var chartPreviousClose: WireNumber?
        var previousClose: WireNumber?
        var priceHint: Int?
        var longName: String?
        var shortName: String?
    }

    struct Indicators: Decodable {
        var quote: [QuoteColumns]?
        var adjclose: [AdjustedColumn]?
    }

    struct QuoteColumns: Decodable {
        var close: [WireNumber?]?
    }

    struct AdjustedColumn: Decodable {
        var adjclose: [WireNumber?]?
    }

    struct Events: Decodable {
        var dividends: [String: DividendEvent]?
        var splits: [String: SplitEvent]?
    }

    struct DividendEvent: Decodable {
        var amount: WireNumber
        var date: Int64
    }

    struct SplitEvent: Decodable {
        var date: Int64
        var numerator: WireNumber
        var denominator: WireNumber
    }
}

/// How a Yahoo currency code is reported: London's `GBp` (pence), Johannesburg's `ZAc` and Tel Aviv's `ILA` are
/// minor units of GBP, ZAR and ILS, so their prices are divided by 100.
enum YahooCurrency {
    static let minorUnits: [String: String] = ["GBp": "GBP", "GBX": "GBP", "ZAc": "ZAR", "ZAC": "ZAR", "ILA": "ILS"]

    /// The major currency and how many places the division by 100 adds.
    static func major(_ code: String) -> (currency: String, extraPlaces: Int) {
        if let major = minorUnits[code] { return (major, 2) }
        return (code.uppercased(), 0)
    }
}
