import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import StockTrading

/// `/stocks/history` and `/stocks/analytics`: the service's reports as tables, figures and bar charts.
enum ReportPages {
    static func history(_ request: Request, context: WebRequestContext, environment: WebEnvironment, owner: Session) async -> Response {
        let report: HistoryReport
        do {
            report = try await StocksWebServices.make(environment).portfolio.history(for: owner)
        } catch {
            return environment.failurePage(FolioError.from(error), title: "Trade history", request: request, context: context)
        }
        let table = Components.table(
            caption: report.rows.isEmpty ? "No history yet." : nil,
            headers: ["#", "Time", "Side", "Symbol", "Shares", "Price", "Amount", "Realised P/L", "Cash after"],
            numeric: [0, 4, 5, 6, 7, 8],
            rows: report.rows.map { row in
                [
                    "\(row.sequence)", TimeStamp.html(row.timestamp), "\(row.side)", "\(row.symbol ?? "")",
                    "\(row.quantity.map(String.init) ?? "")", "\(row.price.map { Dollars.text($0) } ?? "")",
                    "\(Dollars.text(row.amount))", "\(row.realizedPL.map { Dollars.text($0, signed: true) } ?? "")",
                    "\(Dollars.text(row.cashAfter))",
                ]
            }, id: "list")
        let content = StockTradingWeb.subnavigation(owner, csrf: context.csrfToken) + table
        return environment.page("Trade history", request: request, context: context, content: content)
    }

    static func analytics(_ request: Request, context: WebRequestContext, environment: WebEnvironment, owner: Session) async -> Response {
        let priced: Priced<AnalyticsReport>
        do {
            priced = try await StocksWebServices.make(environment).portfolio.analytics(for: owner)
        } catch {
            return environment.failurePage(FolioError.from(error), title: "Analytics", request: request, context: context)
        }
        let analytics = priced.report
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
        var content = StockTradingWeb.subnavigation(owner, csrf: context.csrfToken) + StockTradingWeb.staleNotice(priced.quotes)
        content += figures + "<figure class=\"chart\" id=\"allocation-chart\">\(sectors.render())</figure>"
        content += "<figure class=\"chart\">\(holdings.render())</figure>"
        return environment.page("Analytics", request: request, context: context, content: content)
    }
}
