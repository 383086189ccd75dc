import Foundation
import Money

/// One row of `folio funds search --format json`.
struct SearchRowView: Decodable, Sendable {
    var code: Int
    var name: String
    var fundHouse: String?
    var category: String?
    var plan: String?
    var option: String?
}

/// `folio funds show CODE --format json`.
struct ShowView: Decodable, Sendable {
    struct Return: Decodable, Sendable {
        var absolute: Double
        var annualized: Double?
        var fromDate: String
        var toDate: String
    }

    struct Drawdown: Decodable, Sendable {
        var value: Double
        var peakDate: String?
        var troughDate: String?
    }

    var code: Int
    var name: String
    var fundHouse: String?
    var category: String?
    var schemeCategory: String?
    var plan: String?
    var option: String?
    var nav: Amount
    var navDate: String
    var navAgeDays: Int
    var dailyChange: Amount?
    var dailyChangePercent: Double?
    var returns: [String: Return?]
    var range: String
    var volatility: Double?
    var maxDrawdown: Drawdown?
    var sharpe: Double?
    var stale: Bool
    var asOf: String
}

/// One row of `folio funds history CODE --format json`.
struct HistoryRowView: Decodable, Sendable {
    var date: String
    var nav: Amount
}

/// One row of `folio funds favorites list --format json`.
struct FavoriteView: Decodable, Sendable {
    var code: Int
    var name: String
    var nav: Amount?
    var navDate: String?
    var return1Y: Double?
    var stale: Bool
    var error: String?
}

/// One row of `folio funds compare … --format json`.
struct CompareRowView: Decodable, Sendable {
    var code: Int
    var name: String
    var nav: Amount
    var navDate: String
    var return1Y: Double?
    var cagr3Y: Double?
    var cagr5Y: Double?
    var range: String
    var rangeReturn: Double?
    var volatility: Double?
    var maxDrawdown: Double?
    var sharpe: Double?
    var stale: Bool
}

/// `folio funds sip … --format json`.
struct SIPView: Decodable, Sendable {
    var installmentCount: Int
    var units: Amount
    var invested: Amount
    var valuationDate: String
    var value: Amount
    var absoluteReturn: Double
    var xirr: Double?
}

enum JSONRead {
    static func decode<T: Decodable>(_ type: T.Type, _ text: String) -> T? {
        try? JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}
