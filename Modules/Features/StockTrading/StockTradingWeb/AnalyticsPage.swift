import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money

/// `folio stocks analytics --format json`, read back for the page.
struct AnalyticsView: Decodable, Sendable {
    struct Slice: Decodable, Sendable {
        var name: String
        var value: Amount
        var weight: Amount
    }

    var totalValue: Amount
    var invested: Amount
    var totalReturn: Amount
    var roi: Amount?
    var realizedPL: Amount
    var unrealizedPL: Amount
    var annualizedReturn: Double?
    var annualizedReturnNote: String?
    var bySector: [Slice]
    var byHolding: [Slice]
}

/// `/stocks/analytics`: the figures and the allocation by sector and by holding as bar charts.
enum AnalyticsPage {
    static func content(_ json: String) -> HTML? {
        guard let analytics = try? JSONDecoder().decode(AnalyticsView.self, from: Data(json.utf8)) else { return nil }
        let percent = { (value: Amount) in NumberFormat.percent(value, signed: false) }
        let figures: HTML = """
            <div class="figures" id="analytics-figures">\(Components.figure("Total value", Dollars.text(analytics.totalValue)))\
            \(Components.figure("Invested", Dollars.text(analytics.invested)))\
            \(Components.figure("Total return", Dollars.text(analytics.totalReturn, signed: true), detail: analytics.roi.map { NumberFormat.percent($0) }))\
            \(Components.figure("Realised P/L", Dollars.text(analytics.realizedPL, signed: true)))\
            \(Components.figure("Unrealised P/L", Dollars.text(analytics.unrealizedPL, signed: true)))\
            \(Components.figure("Annualised", analytics.annualizedReturn.map { NumberFormat.percent($0) } ?? "n/a", detail: analytics.annualizedReturnNote))</div>
            """
        let sectors = BarChart(
            title: "Allocation by sector",
            bars: analytics.bySector.map { (label: $0.name, value: $0.weight.doubleValue, text: percent($0.weight)) })
        let holdings = BarChart(
            title: "Allocation by holding",
            bars: analytics.byHolding.map { (label: $0.name, value: $0.weight.doubleValue, text: percent($0.weight)) })
        return figures + "<figure class=\"chart\" id=\"allocation-chart\">\(sectors.render())</figure>"
            + "<figure class=\"chart\">\(holdings.render())</figure>"
    }
}
