import FeatureCLI
import FeatureKit
import Money
import MutualFunds
import MutualFundsPortfolio

/// The `tax` tables.
enum TaxText {
    static func render(_ report: TaxReport, only112A: Bool, width: Int, context: FeatureContext) -> String {
        let style = context.style
        let money = { (value: Amount) in TextTable.Cell(FundsFormat.money(value)) }
        let rate = { (value: Amount?) in TextTable.Cell(value.map { "\($0.plainText)%" } ?? "slab") }
        var out = ""
        if !only112A {
            guard report.hasSales else {
                out += "No sales in \(report.financialYear).\n"
                return out + carried(report) + dividends(report, width: width, context: context)
            }
            out += style.bold("Capital gains, FY \(report.financialYear) (Schedule CG)") + "\n"
            out += TextTable(
                columns: [
                    .text("SECTION"), .text("TERM"), .text("TRANSFERS"), .number("RATE"), .number("SALE"),
                    .number("COST"), .number("GAIN"), .number("SET OFF"), .number("B/F"), .number("EXEMPT"),
                    .number("TAXABLE"), .number("TAX"),
                ],
                rows: report.lines.map { line in
                    [
                        TextTable.Cell(line.section), TextTable.Cell(line.term), TextTable.Cell(line.transfers),
                        rate(line.rate), money(line.saleValue), money(line.acquisitionValue), money(line.gain),
                        money(line.setOff), money(line.broughtForwardSetOff), money(line.exemption),
                        money(line.taxable), line.tax.map(money) ?? TextTable.Cell("-"),
                    ]
                }
            ).render(style: style, maxWidth: width)
            out += "Tax (estimate, before surcharge and cess): \(FundsFormat.money(report.tax))\n"
            out += report.exemptionSummary + "\n"
            out += carried(report) + "\n"
        }
        out += style.bold("Schedule 112A") + "\n"
        if report.schedule112A.isEmpty {
            out += "No long-term transfers of equity-oriented units.\n"
        } else {
            out += TextTable(
                columns: [
                    // A grandfathered lot is a row of its own: its purchase date tells it from the scheme's others.
                    .text("1a"), .text("1b"), .text("NAME", truncatable: true), .text("BOUGHT"), .number("UNITS"),
                    .number("SALE (6)"),
                    .number("COST (8)"), .number("FMV (11)"), .number("DEDUCTIONS (13)"), .number("BALANCE (14)"),
                ],
                rows: report.schedule112A.map { row in
                    [
                        TextTable.Cell(row.acquired), TextTable.Cell(row.transferred ?? "-"), TextTable.Cell(row.name),
                        TextTable.Cell(row.purchaseDate ?? "-"), TextTable.Cell(row.units.plainText),
                        money(row.fullValue), money(row.costOfAcquisition),
                        row.fairValueUnknown ? TextTable.Cell("unknown", color: .yellow) : money(row.totalFMV),
                        money(row.totalDeductions), money(row.balance),
                    ]
                }
            ).render(style: style, maxWidth: width)
        }
        guard !only112A else { return out }
        out += "\n" + style.bold("Gains by advance-tax period (before set-off)") + "\n"
        out += TextTable(
            columns: [.text("SECTION"), .text("TRANSFERS"), .number("RATE")]
                + report.advanceTaxPeriods.map { TextTable.Column.number($0) },
            rows: report.advanceTax.map { row in
                [TextTable.Cell(row.section), TextTable.Cell(row.transfers), rate(row.rate)] + row.amounts.map(money)
            }
        ).render(style: style, maxWidth: width)
        out += dividends(report, width: width, context: context)
        return out + report.notes.map { style.dim($0) + "\n" }.joined()
    }

    /// The year's dividends and TDS per scheme, with their totals; nothing when the year had none.
    static func dividends(_ report: TaxReport, width: Int, context: FeatureContext) -> String {
        guard !report.dividends.isEmpty else { return "" }
        let money = { (value: Amount) in TextTable.Cell(FundsFormat.money(value)) }
        let total = { (values: [Amount]) in money((try? values.sum()) ?? .zero) }
        let rows = report.dividends
        return "\n" + context.style.bold("Dividends and TDS (other sources)") + "\n"
            + TextTable(
                columns: [
                    .text("FOLIO"), .text("SCHEME", truncatable: true), .number("PAID OUT"), .number("REINVESTED"),
                    .number("TDS"),
                ],
                rows: rows.map { row in
                    [
                        TextTable.Cell(row.folio), TextTable.Cell(row.scheme), money(row.paidOut),
                        money(row.reinvested), money(row.tds),
                    ]
                },
                footer: [
                    [
                        "Total", "", total(rows.map(\.paidOut)), total(rows.map(\.reinvested)),
                        total(rows.map(\.tds)),
                    ]
                ]
            ).render(style: context.style, maxWidth: width)
    }

    /// The losses brought and carried forward, a line each.
    static func carried(_ report: TaxReport) -> String {
        func describe(_ loss: CarriedLoss) -> String {
            "FY \(loss.financialYear): short-term \(FundsFormat.money(loss.shortTerm)), long-term "
                + "\(FundsFormat.money(loss.longTerm)) (until FY \(loss.lastYear))"
        }
        var out = ""
        for loss in report.broughtForward { out += "Losses brought forward from \(describe(loss))\n" }
        for loss in report.carriedForward { out += "Losses to carry forward: \(describe(loss))\n" }
        return out
    }
}
