import ETFAnalyzer
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import Timing

/// The report as the page draws it: figures, the sortable ETF table, the chart, the fee drag and the market's fills.
extension ETFReportPage {
    /// What the market filled in, each with its day and provider, and the dividends paid beside the yield's income.
    static func marketFills(_ report: PortfolioReport, text: ReportText) -> HTML {
        guard !report.market.isEmpty else { return .empty }
        let rows: [[HTML]] = report.market.compactMap { fill in
            guard fill.row - 1 < report.etfs.count else { return nil }
            let etf = report.etfs[fill.row - 1]
            let bought =
                fill.purchasePrice.map { "\(text.price($0)) (close of \(fill.purchasePriceDate?.iso8601 ?? ""))" }
                ?? "typed"
            let now =
                fill.currentPrice.map { "\(text.price($0)) (close of \(fill.currentPriceDate?.iso8601 ?? ""))" }
                ?? "typed"
            return [
                "\(etf.holding.name)", "\(fill.symbol)", "\(bought)", "\(now)", "\(text.money(fill.dividendIncome))",
                "\(text.money(etf.yieldIncome))", "\(fill.provider)\(fill.stale ? " (stale)" : "")",
            ]
        }
        return "<h2 id=\"market-data\">Market data</h2>"
            + Components.table(
                caption: "Empty prices filled from the market; typed prices win",
                headers: [
                    "ETF", "Symbol", "Purchase price", "Current price", "Dividends paid", "Yield income", "From",
                ],
                numeric: [4, 5], rows: rows, id: "market-fills")
    }

    /// A refusal as the form shows it: the reader's rules name the terminal's `--as-of` where the form has its
    /// analysis date field.
    static func pageLine(_ refusal: FolioError) -> String {
        refusal.line.replacingOccurrences(
            of: "(--as-of, else today)", with: "(the analysis date for rows without one, else today)")
    }

    /// The report table's columns, each sorting by its heading's link.
    static let columns: [TableColumn<ETFAnalysis>] = [
        TableColumn("ETF", key: "name") { $0.holding.name < $1.holding.name },
        TableColumn("Days", key: "days", numeric: true) { $0.daysHeld < $1.daysHeld },
        TableColumn("Invested", key: "invested", numeric: true) { $0.initialInvestment < $1.initialInvestment },
        TableColumn("Value", key: "value", numeric: true) { $0.currentValue < $1.currentValue },
        TableColumn("Net return", key: "net", numeric: true) { $0.netReturn < $1.netReturn },
        TableColumn("Return", key: "return", numeric: true) { $0.totalReturn < $1.totalReturn },
        TableColumn("Annualised", key: "annualised", numeric: true) { left, right in
            // A holding too young for an annual rate sorts first.
            guard let second = right.annualizedReturn else { return false }
            return left.annualizedReturn.map { $0 < second } ?? true
        },
        TableColumn("Allocation", key: "allocation", numeric: true) { $0.allocation < $1.allocation },
    ]

    /// The report: figures, the ETFs' table (sorted by `sort` through the `link` of a query, when the report has an
    /// address of its own) and the allocation chart.
    static func render(_ report: PortfolioReport, sort: String? = nil, link: ((String) -> String)? = nil) -> HTML {
        let portfolio = report.portfolio
        let text = ReportText(symbol: NumberFormat.currencySymbol(report.currency))
        let count = "\(portfolio.count) ETF\(portfolio.count == 1 ? "" : "s")"
        var weightedNote = "Σ weight × annualized return"
        if portfolio.excludedFromWeighted > 0 {
            weightedNote +=
                ", without \(portfolio.excludedFromWeighted) ETF\(portfolio.excludedFromWeighted == 1 ? "" : "s") held 0 days"
        }
        let meanDays = NumberFormat.decimal(portfolio.meanDaysHeld, fractionDigits: 0)
        let ownNote =
            portfolio.annualizedReturn == nil
            ? "no time held" : "from totals over \(meanDays) days (initial-weighted mean)"
        var content: HTML = """
            <h2>Report</h2><p class="stamp" id="etf-as-of">\(count) · \(text.asOf(report))</p>\
            <div class="figures" id="etf-figures">\(Components.figure("Invested", text.money(portfolio.totalInitial)))\
            \(Components.figure("Current value", text.money(portfolio.totalCurrent)))\
            \(Components.figure("Capital appreciation", text.signedMoney(portfolio.totalCapitalAppreciation)))\
            \(Components.figure("Yield income", text.signedMoney(portfolio.totalYieldIncome)))\
            \(Components.figure("Expenses", text.signedMoney(-portfolio.totalExpenses)))\
            \(Components.figure("Net return", text.signedMoney(portfolio.totalNetReturn), detail: text.percent(portfolio.totalReturn)))\
            \(Components.figure("Weighted annual return", portfolio.weightedAnnualReturn.map(text.percent) ?? "—", detail: weightedNote))\
            \(Components.figure("Portfolio annual return", portfolio.annualizedReturn.map(text.percent) ?? "—", detail: ownNote))\
            \(Components.figure("Weighted expense ratio", text.expenseRatio(portfolio.weightedExpenseRatio)))\
            \(Components.figure("Annual fees", text.money(portfolio.annualFees), detail: "a year at today's value"))</div>
            """
        if let note = text.divergenceNote(portfolio) { content += Components.notice("Note: " + note, kind: "warning") }
        // A posted report has no address to sort at: its headings are plain.
        let shown = link == nil ? columns.map { TableColumn($0.title, numeric: $0.numeric) } : columns
        content +=
            SortedTable(
                columns: shown, rows: report.etfs, id: "etfs", noun: "ETFs", sort: sort, link: { link?($0) ?? "" }
            ) { etf in
                [
                    "\(etf.holding.name)", "\(text.days(etf.daysHeld))", "\(text.money(etf.initialInvestment))",
                    "\(text.money(etf.currentValue))",
                    "\(text.signedMoney(etf.netReturn))", "\(text.percent(etf.totalReturn))", "\(text.annualized(etf))",
                    "\(text.share(etf.allocation))",
                ]
            }.html
        let notes = ["Total days are the initial-weighted mean: \(meanDays)."] + text.footnotes(report)
        content += notes.html { "<p class=\"hint\">\($0)</p>" }
        let chart = BarChart(
            title: "Allocation by current value",
            bars: report.etfs.map {
                (label: $0.holding.name, value: $0.allocation.doubleValue, text: Show.percent($0.allocation))
            })
        content += "<figure class=\"chart\" id=\"allocation-chart\">\(chart.render())</figure>"
        content += feeDrag(report, text: text)
        content += marketFills(report, text: text)
        return content
    }

    /// The fee drag as `etf analyze` prints it: the value with and without fees over the years.
    static func feeDrag(_ report: PortfolioReport, text: ReportText) -> HTML {
        let summary = report.portfolio
        let growth = NumberFormat.percent(summary.growthRate, signed: false)
        let caption =
            "\(text.money(summary.totalCurrent)) growing \(growth) a year, less the "
            + "\(text.expenseRatio(summary.weightedExpenseRatio)) weighted expense ratio"
        return "<h2 id=\"fee-drag\">Fee drag</h2>"
            + Components.table(
                caption: caption, headers: ["Years", "Without fees", "With fees", "Fees cost", "Share"],
                numeric: [1, 2, 3, 4],
                rows: summary.feeDrag.map { drag in
                    [
                        "\(drag.years)", "\(text.money(drag.valueWithoutFees))", "\(text.money(drag.valueWithFees))",
                        "\(text.money(drag.drag))", "\(text.share(drag.dragFraction))",
                    ]
                }, id: "fee-drag-table")
    }
}
