import FeatureKit
import Foundation
import Money

/// `folio networth summary --format json`, read back for the page.
struct SummaryView: Decodable, Sendable {
    struct Account: Decodable, Sendable {
        var name: String
        var type: String
        var currency: String
        var balance: Amount?
        var value: Amount?
        var change: Amount?
        var changePercent: Amount?
        var counted: Bool
        var debt: Bool
        var excludedBecause: String?
        var lastUpdate: String?
        var trend: String?
    }

    struct Movement: Decodable, Sendable {
        var change: Amount?
        var changePercent: Amount?
        var trend: String?
    }

    struct Change: Decodable, Sendable {
        var netWorth: Movement
        var previousDate: String?
        var latestDate: String?
    }

    var accounts: [Account]
    var asOf: String
    var assets: Amount
    var debts: Amount
    var netWorth: Amount
    var currency: String
    var includePensions: Bool
    var includeMortgages: Bool
    var changeSinceLastUpdate: Change?

    static func decode(_ json: String) throws -> SummaryView {
        try JSONDecoder().decode(SummaryView.self, from: Data(json.utf8))
    }
}

/// One row of `folio networth report --monthly --format json` (the per-account columns are ignored).
struct ReportRowView: Decodable, Sendable {
    var date: String
    var period: String
    var netWorth: Amount

    static func decode(_ json: String) throws -> [ReportRowView] {
        try JSONDecoder().decode([ReportRowView].self, from: Data(json.utf8))
    }
}

/// Money as the CLI shows it.
enum Show {
    static func money(_ value: Amount?, _ currency: String, signed: Bool = false) -> String {
        guard let value else { return "—" }
        return signed ? NumberFormat.signedMoney(value, currency: currency) : NumberFormat.money(value, currency: currency)
    }

    static func percent(_ value: Amount?) -> String {
        value.map { NumberFormat.percent($0) } ?? "% n/a"
    }
}
