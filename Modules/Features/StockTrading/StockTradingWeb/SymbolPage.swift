import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import MarketData
import Money
import StockTrading
import Timing

/// `/stocks/symbol/{SYMBOL}`: one symbol as `folio stocks chart` shows it (its price and day change, a chart of
/// its daily closes over `?range=`, its dividends and splits) with the account's position in it.
struct SymbolPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func show(
        _ request: Request, context: WebRequestContext, owner: Session
    ) async -> Response {
        let text = context.parameters.get("symbol") ?? ""
        let range = request.uri.queryParameters["range"].flatMap { ChartRange(rawValue: String($0)) } ?? .oneYear
        let report: SymbolReport
        do {
            report = try await StocksWebServices.make(environment).portfolio.symbol(text, range: range, for: owner)
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: text.uppercased(), request: request, context: context)
        }
        var content = StockTradingWeb.subnavigation(owner, csrf: context.csrfToken)
        content += Self.body(report, now: environment.timing.now())
        return environment.page(
            report.symbol, request: request, context: context, scripts: [WebChart.scriptPath], content: content)
    }

    /// `/stocks/symbol?symbol=` (the look-up form): on to the symbol's page.
    static func lookUp(_ request: Request) -> Response {
        let symbol = (request.uri.queryParameters["symbol"].map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
        let safe = symbol.uppercased().filter { ($0.isASCII && ($0.isLetter || $0.isNumber)) || ".-^=".contains($0) }
        guard !safe.isEmpty else { return WebResponses.redirect(to: "/stocks/quotes") }
        return WebResponses.redirect(to: SymbolLink.path(safe))
    }

    /// The look-up form the quotes and portfolio pages show.
    static let lookUpForm: HTML = """
        <form method="get" action="/stocks/symbol" class="inline" role="search"><label class="field"><span>Look up a symbol</span>\
        <input type="text" name="symbol" placeholder="AAPL, VOD.L, ^GSPC" autocapitalize="characters"></label>\
        <button type="submit" class="secondary">Show</button></form>
        """

    static func body(_ report: SymbolReport, now: Date) -> HTML {
        let currency = report.currency
        let money: @Sendable (Amount) -> String = { NumberFormat.money($0, currency: currency) }
        var content: HTML =
            report.name.map {
                "<p class=\"lede\">\($0)\(report.exchange.map { " · \($0)" } ?? "") · \(report.currency)</p>"
            } ?? .empty
        if report.stale {
            content += Components.notice(
                "the price is the last known from \(report.provider), as of \(TimeStamp.text(report.priceAsOf))",
                kind: "warning")
        }
        let change = report.dayChange.map {
            NumberFormat.signedMoney($0, currency: report.currency)
                + " (\(report.dayChangeFraction.map { NumberFormat.percent($0) } ?? "—"))"
        }
        content += "<div class=\"figures\" id=\"symbol-figures\">\(Components.figure("Price", money(report.price)))"
        content += Components.figure("Day change", change ?? "—")
        content += Components.figure(
            "Change over \(report.range)", report.rangeChangeFraction.map { NumberFormat.percent($0) } ?? "—")
        content += "</div>"
        content += Components.stamp(asOf: report.priceAsOf, now: now, stale: report.stale)
        let links = ChartRange.allCases.map { range -> String in
            range.rawValue == report.range
                ? "<a href=\"?range=\(range.rawValue)\" aria-current=\"page\">\(range.rawValue)</a>"
                : "<a href=\"?range=\(range.rawValue)\">\(range.rawValue)</a>"
        }.joined()
        content += "<nav class=\"ranges\" aria-label=\"Chart range\">\(HTML(raw: links))</nav>"
        let points = report.closes.map { ChartPoint(date: $0.date, y: $0.close.doubleValue) }
        let symbol = NumberFormat.currencySymbol(report.currency)
        content += WebChart(
            title: "\(report.symbol) daily closes", points: points,
            axisLabel: { ChartLabels.money($0, symbol: symbol) },
            valueText: { value in Amount(value, places: 2, rounding: .toNearestOrAwayFromZero).map(money) ?? "—" }
        ).figure(
            id: "symbol-chart",
            caption: "Daily closes over \(report.range) (\(points.count) trading days), adjusted for later splits.")
        content += "<h2>Your position</h2>"
        if let position = report.position {
            content +=
                "<div class=\"figures\" id=\"symbol-position\">\(Components.figure("Shares", "\(position.quantity)"))"
            content += Components.figure("Average cost", Dollars.text(position.averageCost))
            content += Components.figure("Value", Dollars.text(position.value))
            content += Components.figure("Unrealised P/L", Dollars.text(position.unrealizedPL, signed: true)) + "</div>"
        } else {
            content += "<p>You hold none. <a href=\"/stocks#trade\">Trade</a></p>"
        }
        content += "<h2>Dividends</h2>"
        content +=
            report.dividends.isEmpty
            ? "<p>None in this range.</p>"
            : Components.table(
                headers: ["Ex-date", "Per share"], numeric: [1],
                rows: report.dividends.reversed().map { ["\($0.exDate.iso8601)", "\(money($0.amountPerShare))"] },
                id: "dividends")
        content += "<h2>Splits</h2>"
        content +=
            report.splits.isEmpty
            ? "<p>None in this range.</p>"
            : Components.table(
                headers: ["Date", "Ratio"], numeric: [],
                rows: report.splits.reversed().map {
                    ["\($0.date.iso8601)", "\("\($0.numerator):\($0.denominator)")"]
                },
                id: "splits")
        content += "<p class=\"stamp\">Prices from \(report.provider).</p>"
        return content
    }
}
