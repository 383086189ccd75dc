import ETFAnalyzer
import FeatureKit
import Foundation
import Money

/// The terminal report: the summary card, one line per ETF with a totals row, allocation bars, the fee
/// drag, and with `--details` every ETF's full breakdown (the app's expandable rows).
struct TableReport {
    var report: PortfolioReport
    var text: ReportText
    var style: Style
    var width: Int
    var details: Bool

    func render() -> String {
        var sections = [card(), etfTable(), allocation(), feeDrag()]
        if details { sections.append(breakdowns()) }
        return sections.joined(separator: "\n")
    }

    private var summary: PortfolioSummary { report.portfolio }

    private func trend(_ value: Amount, _ shown: String) -> String { style.trend(shown, sign: ReportText.sign(value)) }

    private func card() -> String {
        let count = "\(summary.count) ETF\(summary.count == 1 ? "" : "s")"
        var lines = [style.bold("ETF portfolio · \(count) · \(text.asOf(report))"), ""]
        var rows: [(String, String, String)] = [
            ("Invested", text.money(summary.totalInitial), ""),
            ("Current value", text.money(summary.totalCurrent), ""),
            (
                "Capital appreciation",
                trend(summary.totalCapitalAppreciation, text.signedMoney(summary.totalCapitalAppreciation)), ""
            ),
            ("Yield income", text.signedMoney(summary.totalYieldIncome), ""),
            ("Expenses", text.signedMoney(-summary.totalExpenses), ""),
            (
                "Net return", trend(summary.totalNetReturn, text.signedMoney(summary.totalNetReturn)),
                trend(summary.totalReturn, text.percent(summary.totalReturn))
            ),
        ]
        var weightedNote = "Σ weight × annualized return"
        if summary.excludedFromWeighted > 0 {
            weightedNote +=
                ", without \(summary.excludedFromWeighted) ETF\(summary.excludedFromWeighted == 1 ? "" : "s") held 0 days"
        }
        rows.append(
            (
                "Weighted annual return", summary.weightedAnnualReturn.map { trend($0, text.percent($0)) } ?? "—",
                style.dim(weightedNote)
            ))
        let meanDays = NumberFormat.decimal(summary.meanDaysHeld, fractionDigits: 0)
        rows.append(
            (
                "Portfolio annual return", summary.annualizedReturn.map { trend($0, text.percent($0)) } ?? "—",
                style.dim(
                    summary.annualizedReturn == nil
                        ? "no time held" : "from totals over \(meanDays) days (initial-weighted mean)")
            ))
        rows.append(
            (
                "Weighted expense ratio", text.expenseRatio(summary.weightedExpenseRatio),
                style.dim("\(text.money(summary.annualFees)) a year at today's value")
            ))
        let labelWidth = rows.map { TextWidth.of($0.0) }.max() ?? 0
        let valueWidth = rows.map { TextWidth.of($0.1) }.max() ?? 0
        for (label, value, note) in rows {
            var line =
                "  " + TextWidth.pad(label, to: labelWidth, alignRight: false) + "  "
                + TextWidth.pad(value, to: valueWidth, alignRight: true)
            if !note.isEmpty { line += "  " + note }
            lines.append(line)
        }
        if let note = text.divergenceNote(summary) {
            var wrapped = ReportText.wrap("Note: " + note, width: min(width, 100), indent: "  ")
            wrapped[0] = wrapped[0].replacingOccurrences(of: "Note:", with: style.apply(.yellow, "Note:"))
            lines += [""] + wrapped
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func etfTable() -> String {
        let columns: [TextTable.Column] = [
            .text("ETF"), .number("DAYS"), .number("INVESTED"), .number("VALUE"),
            .number("NET RETURN"), .number("RETURN"), .number("ANNUAL"), .number("ALLOC"),
        ]
        var rows: [[TextTable.Cell]] = report.etfs.map { etf in
            [
                .init(""), .init(text.days(etf.daysHeld)), .init(text.money(etf.initialInvestment)),
                .init(text.money(etf.currentValue)),
                .trend(text.signedMoney(etf.netReturn), sign: ReportText.sign(etf.netReturn)),
                .trend(text.percent(etf.totalReturn), sign: ReportText.sign(etf.totalReturn)),
                .trend(text.annualized(etf), sign: etf.annualizedReturn.map(ReportText.sign) ?? 0),
                .init(text.share(etf.allocation)),
            ]
        }
        let total: [TextTable.Cell] = [
            "Total", .init(NumberFormat.decimal(summary.meanDaysHeld, fractionDigits: 0)),
            .init(text.money(summary.totalInitial)), .init(text.money(summary.totalCurrent)),
            .trend(text.signedMoney(summary.totalNetReturn), sign: ReportText.sign(summary.totalNetReturn)),
            .trend(text.percent(summary.totalReturn), sign: ReportText.sign(summary.totalReturn)),
            .trend(
                summary.annualizedReturn.map(text.percent) ?? "—",
                sign: summary.annualizedReturn.map(ReportText.sign) ?? 0),
            "100.00%",
        ]
        // Names get what the figures leave of the width, shortened in the middle so the end that tells two
        // similar funds apart ("…ETF (VOO)", "…ETF (VTI)") stays; the figures are never cut.
        var figureWidths = columns.dropFirst().map { TextWidth.of($0.title) }
        for row in rows + [total] {
            for index in 1..<row.count {
                figureWidths[index - 1] = max(figureWidths[index - 1], TextWidth.of(row[index].text))
            }
        }
        let nameWidth = width == .max ? Int.max : max(12, width - figureWidths.reduce(0, +) - 2 * figureWidths.count)
        for (index, etf) in report.etfs.enumerated() {
            rows[index][0] = .init(ReportText.middleTruncated(etf.holding.name, to: nameWidth))
        }
        let table = TextTable(columns: columns, rows: rows, footer: [total])
        // Rows are already fitted; an unlimited width keeps the rules exactly as wide as the rows.
        var output = table.render(style: style, maxWidth: .max)
        let notes =
            ["Total: DAYS is the initial-weighted mean, ANNUAL the portfolio's own return."] + text.footnotes(report)
        output += notes.map { style.dim($0) }.joined(separator: "\n") + "\n"
        return output
    }

    private func allocation() -> String {
        let rows = text.allocationRows(report)
        let labelWidth = min(36, rows.map { TextWidth.of($0.label) }.max() ?? 0)
        let barWidth = max(10, min(40, width - labelWidth - 14))
        var lines = [style.bold("Allocation") + style.dim(" (current value / total current value)")]
        for row in rows {
            let label = TextWidth.pad(
                ReportText.middleTruncated(row.label, to: labelWidth), to: labelWidth, alignRight: false)
            let share = TextWidth.pad(text.share(row.fraction), to: 8, alignRight: true)
            lines.append("  \(label)  \(style.apply(.cyan, ReportText.bar(row.fraction, width: barWidth)))\(share)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func feeDrag() -> String {
        let growth = NumberFormat.percent(summary.growthRate, signed: false)
        var lines = [
            style.bold("Fee drag")
                + style.dim(
                    " (\(text.money(summary.totalCurrent)) growing \(growth) a year, "
                        + "less the \(text.expenseRatio(summary.weightedExpenseRatio)) weighted expense ratio)")
        ]
        let table = TextTable(
            columns: [
                .text("YEARS"), .number("WITHOUT FEES"), .number("WITH FEES"), .number("FEES COST"), .number("SHARE"),
            ],
            rows: summary.feeDrag.map { drag in
                [
                    .init("\(drag.years)"), .init(text.money(drag.valueWithoutFees)),
                    .init(text.money(drag.valueWithFees)),
                    .init(text.money(drag.drag)), .init(text.share(drag.dragFraction)),
                ]
            })
        lines.append(table.render(style: style, maxWidth: width))
        return lines.joined(separator: "\n")
    }

    private func breakdowns() -> String {
        report.etfs.map(breakdown).joined(separator: "\n")
    }

    private func breakdown(_ etf: ETFAnalysis) -> String {
        let holding = etf.holding
        let years = NumberFormat.decimal(etf.years, fractionDigits: 2)
        let rows: [(String, String)] = [
            (
                "Held",
                "\(holding.purchaseDate) → \(etf.analysisDate) · \(text.days(etf.daysHeld)) days (\(years) years)"
            ),
            (
                "Shares",
                "\(text.shares(holding.shares)) bought at \(text.price(holding.purchasePrice)), now \(text.price(holding.currentPrice))"
            ),
            (
                "Expense ratio · yield",
                "\(text.rate(percent: holding.expenseRatio)) · \(text.rate(percent: holding.yield))"
            ),
            ("Initial investment", text.money(etf.initialInvestment)),
            ("Current value", text.money(etf.currentValue)),
            ("Capital appreciation", trend(etf.capitalAppreciation, text.signedMoney(etf.capitalAppreciation))),
            ("Yield income", text.signedMoney(etf.yieldIncome)),
            ("Gross return", trend(etf.grossReturn, text.signedMoney(etf.grossReturn))),
            ("Expenses", text.signedMoney(-etf.expenses)),
            (
                "Net return",
                trend(etf.netReturn, text.signedMoney(etf.netReturn)) + "  "
                    + trend(etf.totalReturn, text.percent(etf.totalReturn))
            ),
            ("Final value", text.money(etf.finalValue)),
            ("Annualized return", text.annualizedLong(etf)),
            ("Weight · allocation", "\(text.share(etf.weight)) · \(text.share(etf.allocation))"),
        ]
        let labelWidth = rows.map { TextWidth.of($0.0) }.max() ?? 0
        var lines = [style.bold(holding.name)]
        lines += rows.map { "  " + TextWidth.pad($0.0, to: labelWidth, alignRight: false) + "  " + $0.1 }
        return lines.joined(separator: "\n") + "\n"
    }
}
