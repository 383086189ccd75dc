import FeatureKit
import Money
import MutualFunds
import MutualFundsPortfolio

/// The `funds portfolio` table.
enum PortfolioText {
    static func render(_ report: PortfolioReport, width: Int, context: FeatureContext) -> String {
        guard !report.holdings.isEmpty else {
            return "No holdings yet. Import a statement with: folio funds portfolio import FILE\n"
        }
        let style = context.style
        let table = TextTable(
            columns: [
                .text("SCHEME", truncatable: true), .text("FOLIO"), .number("UNITS"), .number("INVESTED"),
                .number("NAV"),
                .text("NAV DATE"), .number("VALUE"), .number("GAIN"), .number("XIRR"),
            ],
            rows: report.holdings.map { row in
                [
                    TextTable.Cell(row.scheme + (row.reconciled ? "" : " (unreconciled)")), TextTable.Cell(row.folio),
                    TextTable.Cell(NumberFormat.decimal(row.units, fractionDigits: 3)),
                    TextTable.Cell(FundsFormat.money(row.invested)),
                    TextTable.Cell(row.nav.map(FundsFormat.nav) ?? "—"),
                    TextTable.Cell(
                        (row.navDate ?? "—")
                            + (row.stale ? " " + (row.navStatus == .inactive ? "inactive" : "stale") : "")),
                    TextTable.Cell(row.value.map(FundsFormat.money) ?? "n/a"),
                    row.gain.map { .trend(FundsFormat.money($0), sign: $0.signum) } ?? TextTable.Cell("n/a"),
                    FundsFormat.trendCell(row.xirr),
                ]
            },
            footer: [
                [
                    "Total", "", "", TextTable.Cell(FundsFormat.money(report.invested)), "", "",
                    TextTable.Cell(report.totalText(report.value, format: FundsFormat.money)),
                    .trend(report.totalText(report.gain, format: FundsFormat.money), sign: report.gain.signum),
                    FundsFormat.trendCell(report.xirr),
                ]
            ])
        var text = table.render(style: style, maxWidth: width)
        for row in report.holdings {
            if let sentence = row.navStatusSentence {
                text += style.dim("\(row.scheme) [\(row.folio)]: \(sentence)") + "\n"
            }
            if let note = row.note { text += style.dim("\(row.scheme) [\(row.folio)]: \(note)") + "\n" }
            if let chosen = row.treatAs {
                text +=
                    style.dim("\(row.scheme) [\(row.folio)]: gains taxed as \(chosen.rawValue) (set with treat-as)")
                    + "\n"
            }
        }
        for (title, rows) in [
            ("By category", report.allocation.category), ("By fund house", report.allocation.fundHouse),
            ("By plan", report.allocation.plan),
        ] where !rows.isEmpty {
            text += "\n" + style.bold(title) + "\n"
            for row in rows {
                text +=
                    "  " + TextWidth.pad(row.name, to: 36, alignRight: false)
                    + TextWidth.pad(FundsFormat.money(row.value), to: 18, alignRight: true) + "  "
                    + NumberFormat.percent(row.fraction, signed: false) + "\n"
            }
        }
        if let asOf = report.asOf { text += style.dim("Valued at the NAVs on or before \(asOf).") + "\n" }
        if report.stale {
            text +=
                style.dim(
                    "Some NAVs are not current: older than \(NAVStatus.staleAfterDays) days, or from an expired cached copy."
                ) + "\n"
        }
        return text
    }
}
