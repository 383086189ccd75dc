import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import StockTrading

/// `/stocks/history` and `/stocks/analytics`: the service's reports as tables, figures and bar charts.
struct ReportPages {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    /// The columns of the history table in the order people read a statement, each with its sort key.
    static let historyColumns: [(title: String, key: String, numeric: Bool)] = [
        ("Date", "date", false), ("Side", "side", false), ("Symbol", "symbol", false), ("Shares", "quantity", true),
        ("Price", "price", true), ("Cash in/out", "amount", true), ("Cash after", "cash", true),
        ("Realised P/L", "pl", true),
    ]

    /// How rows compare, ascending, in each sortable column; rows without a value (a deposit's price) come first.
    static var historyOrder: [String: (HistoryRow, HistoryRow) -> Bool] {
        [
            "date": { $0.sequence < $1.sequence },
            "side": { $0.side < $1.side },
            "symbol": { ($0.symbol ?? "") < ($1.symbol ?? "") },
            "quantity": { ($0.quantity ?? -1) < ($1.quantity ?? -1) },
            "price": { less($0.price, $1.price) },
            "amount": { $0.cashChange < $1.cashChange },
            "cash": { $0.cashAfter < $1.cashAfter },
            "pl": { less($0.realizedPL, $1.realizedPL) },
        ]
    }

    private static func less(_ left: Amount?, _ right: Amount?) -> Bool {
        switch (left, right) {
        case (nil, .some): true
        case (.some(let left), .some(let right)): left < right
        default: false
        }
    }

    /// `/stocks/history`: newest first unless a heading's link (`?sort=`) says otherwise, 50 rows a page (`?page=`).
    func history(
        _ request: Request, context: WebRequestContext, owner: Session
    ) async -> Response {
        let report: HistoryReport
        do {
            report = try await StocksWebServices.make(environment).portfolio.history(for: owner)
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "Trade history", request: request, context: context)
        }
        let query = request.uri.queryParameters
        let order = TableOrder(
            query["sort"].map(String.init), keys: Self.historyColumns.map(\.key),
            fallback: TableOrder(key: "date", descending: true))
        let sorted = order.sorted(report.rows, by: Self.historyOrder)
        let slice = PageSlice(query["page"].map(String.init), size: 50, total: sorted.count)
        let headings = Dictionary(
            uniqueKeysWithValues: Self.historyColumns.enumerated().map { index, column in
                (
                    index,
                    order.heading(column.title, key: column.key, numeric: column.numeric) {
                        "/stocks/history?sort=\($0)"
                    }
                )
            })
        let table = Components.table(
            caption: report.rows.isEmpty ? "No history yet." : nil,
            headers: Self.historyColumns.map(\.title), numeric: [3, 4, 5, 6, 7],
            rows: slice.rows(sorted).map { row in
                [
                    TimeStamp.html(row.timestamp), "\(row.side)", "\(row.symbol ?? "")",
                    "\(row.quantity.map(String.init) ?? "")", "\(row.price.map { Dollars.text($0) } ?? "")",
                    "\(Dollars.text(row.cashChange, signed: true))", "\(Dollars.text(row.cashAfter))",
                    "\(row.realizedPL.map { Dollars.text($0, signed: true) } ?? "")",
                ]
            }, id: "list", headings: headings)
        let pages = slice.navigation(noun: "entries") { "/stocks/history?sort=\(order.parameter)&page=\($0)" }
        let content = StockTradingWeb.subnavigation(owner, csrf: context.csrfToken) + table + pages
        return environment.page("Trade history", request: request, context: context, content: content)
    }

    func analytics(
        _ request: Request, context: WebRequestContext, owner: Session
    ) async -> Response {
        let priced: Priced<AnalyticsReport>
        let benchmark = Self.benchmarkSymbol(request.uri.queryParameters["benchmark"].map(String.init))
        do {
            priced = try await StocksWebServices.make(environment).portfolio.analytics(
                for: owner, benchmark: benchmark)
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "Analytics", request: request, context: context)
        }
        let analytics = priced.report
        let percent = { (value: Amount) in NumberFormat.percent(value, signed: false) }
        let figures: HTML = """
            <div class="figures" id="analytics-figures">\(Components.figure("Total value", Dollars.text(analytics.totalValue, currency: analytics.currency)))\
            \(Components.figure("Invested", Dollars.text(analytics.invested, currency: analytics.currency)))\
            \(Components.figure("Total return", Dollars.text(analytics.totalReturn, signed: true, currency: analytics.currency), detail: analytics.roi.map { NumberFormat.percent($0) }))\
            \(Components.figure("Realised P/L", Dollars.text(analytics.realizedPL, signed: true, currency: analytics.currency)))\
            \(Components.figure("Unrealised P/L", Dollars.text(analytics.unrealizedPL, signed: true, currency: analytics.currency)))\
            \(Components.figure("Annualised", analytics.annualizedReturn.map { NumberFormat.percent($0) } ?? "n/a", detail: analytics.annualizedReturnNote))</div>
            """
        let sectors = BarChart(
            title: "Allocation by sector",
            bars: analytics.bySector.map { (label: $0.name, value: $0.weight.doubleValue, text: percent($0.weight)) })
        let holdings = BarChart(
            title: "Allocation by holding",
            bars: analytics.byHolding.map { (label: $0.name, value: $0.weight.doubleValue, text: percent($0.weight)) })
        var content =
            StockTradingWeb.subnavigation(owner, csrf: context.csrfToken) + StockTradingWeb.staleNotice(priced.quotes)
        content += figures + "<figure class=\"chart\" id=\"allocation-chart\">\(sectors.render())</figure>"
        content += "<figure class=\"chart\">\(holdings.render())</figure>"
        content += Self.benchmarkSection(analytics.benchmark, symbol: benchmark)
        return environment.page("Analytics", request: request, context: context, content: content)
    }

    /// The benchmark a page asks for (`?benchmark=QQQ`), as `stocks analytics --benchmark` takes it; SPY when none
    /// is given or it is not a ticker's shape.
    static func benchmarkSymbol(_ text: String?) -> String {
        let symbol = (text ?? "").trimmingCharacters(in: .whitespaces).uppercased()
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.^=-")
        return !symbol.isEmpty && symbol.count <= 15 && symbol.allSatisfy(allowed.contains) ? symbol : "SPY"
    }

    /// The account's time-weighted return beside the benchmark's over the same days (only with market data), and a
    /// form to compare with another symbol.
    static func benchmarkSection(_ comparison: BenchmarkComparison?, symbol: String) -> HTML {
        guard let comparison else { return .empty }
        let percent = { (value: Amount?) in value.map { NumberFormat.percent($0) } ?? "n/a" }
        let figures =
            Components.figure("Time-weighted return", percent(comparison.accountReturn), detail: comparison.note)
            + Components.figure(comparison.symbol, percent(comparison.benchmarkReturn))
        return """
            <section class="card" id="benchmark"><h2>Against a benchmark</h2>\
            <div class="figures">\(figures)</div><p>\(comparison.from) to \(comparison.to), close to close.</p>\
            <form method="get" action="/stocks/analytics"><label for="benchmark-symbol">Benchmark</label> \
            <input id="benchmark-symbol" name="benchmark" value="\(symbol)" size="8"> \
            <button type="submit" class="secondary">Compare</button></form></section>
            """
    }
}

extension HistoryRow {
    /// The row's effect on the cash, as every signed figure on the pages reads: a buy or a withdrawal takes cash
    /// out (`-$1,000.00`), a sell or a deposit brings it in (`+$1,000.00`). The report's `amount` is the unsigned
    /// sum the CLI prints.
    var cashChange: Amount {
        side == "buy" || side == "withdrawal" ? -amount : amount
    }
}
