import ArgumentParser
import Caching
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Money
import MutualFunds
import Networking
import Persistence
import Timing

/// `folio funds sip`: what a monthly SIP would have come to.
struct SIPCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "sip",
        abstract: "Simulate a monthly SIP: installments, units, invested, value, return and XIRR.",
        discussion: """
            Each month from --from, --amount is invested on --day (default: the day of --from; the month's last \
            day when the month is shorter) at that date's NAV, or the next NAV published when there is none \
            (weekends, holidays). Installments due after --to (default: the latest NAV) are not made, nor are \
            those whose next NAV is after the valuation date. Units = amount / NAV, rounded to 3 decimals as \
            AMCs allot them. The value is units × the latest NAV on or before --to, rounded to the paisa. \
            Absolute return = value / invested − 1. Stamp duty and exit loads are not modelled.

            \(Definitions.xirr) The cash flows are each installment (negative, on its NAV date) and the value \
            (positive, on the valuation date).

            Examples:
              folio funds sip 122639 --amount 5000 --from 2020-01-01
              folio funds sip 122639 --amount 10000 --day 15 --from 2018-04-01 --details
            """
    )

    @Argument(help: "The scheme code, e.g. 122639.")
    var code: SchemeCode

    @Option(parsing: .unconditional, help: ArgumentHelp("Rupees invested each month.", valueName: "rupees"))
    var amount: String

    @Option(help: ArgumentHelp("Day of the month, 1–31 (default: the day of --from).", valueName: "day"))
    var day: Int?

    @Option(help: ArgumentHelp("The first date an installment may fall on (YYYY-MM-DD).", valueName: "date"))
    var from: ISODate

    @Option(help: ArgumentHelp("The last installment date and the valuation date (YYYY-MM-DD).", valueName: "date"))
    var to: ISODate?

    @Flag(help: "List every installment.")
    var details = false

    @OptionGroup var cache: CacheOptions
    @OptionGroup var formatting: FormatOptions

    /// Rupees and paise as typed: `5000`, `5,000`, `₹5,000.50`.
    /// The amount, with the flag named in a refusal.
    func amountValue() throws -> Amount {
        do {
            return try SIPPlan.amount(parsing: amount)
        } catch let error as FolioError {
            throw FolioError(
                error.kind, "invalid --amount \"\(amount)\"", why: error.why, hint: error.hint, field: error.field)
        }
    }

    func validate() throws {
        // An amount that is understood but not allowed is a refusal (exit 1), as everywhere in folio.
        _ = try amountValue()
        if let day, !(1...31).contains(day) { throw ValidationError("--day must be from 1 to 31.") }
    }

    func run(in context: FeatureContext) async throws {
        let services = FundsServices(context: context)
        let mode = try services.mode(refresh: cache.refresh)
        let start = try from.date(for: "--from")
        let end = try to?.date(for: "--to")
        if let end, end < start {
            throw FolioError(.usage, "--to \(end.iso8601) is before --from \(start.iso8601)")
        }
        let plan = SIPPlan(amount: try amountValue(), day: day ?? start.day, from: start, to: end)
        let (report, result, fetched) = try await services.service().sip(code: code.value, plan: plan, mode: mode)
        let history = fetched.value
        let freshness = fetched.freshness
        services.warnIfStale(freshness, what: "NAV history of \(code.value)")
        try formatting.render(
            report, to: context.terminal,
            csv: { try CSVOutput.rows(report.installments, columns: SIPReport.Installment.columns) },
            table: { text(plan: plan, result: result, history: history, freshness: freshness, context: context) })
    }

    private func text(
        plan: SIPPlan, result: SIPResult, history: NAVHistory, freshness: Freshness, context: FeatureContext
    ) -> String {
        let style = context.style
        let first = result.installments.first!
        let last = result.installments.last!
        let returnSign = result.absoluteReturn > 0 ? 1 : result.absoluteReturn < 0 ? -1 : 0
        var lines = [
            style.bold("SIP of \(FundsFormat.money(plan.amount)) on day \(plan.day) of each month"),
            "\(history.name) (\(history.code))",
            "",
        ]
        let summary: [(String, String)] = [
            ("Installments", "\(result.installments.count) (\(first.date.iso8601) → \(last.date.iso8601))"),
            ("Units", NumberFormat.decimal(result.units, fractionDigits: 3)),
            ("Invested", FundsFormat.money(result.invested)),
            (
                "Value",
                "\(FundsFormat.money(result.value)) on \(result.valuationDate.iso8601) at NAV \(FundsFormat.nav(result.valuationNAV))"
            ),
            ("Gain", (try? result.value - result.invested).map { FundsFormat.signedMoney($0) } ?? "n/a"),
            ("Return", style.trend(FundsFormat.percent(result.absoluteReturn), sign: returnSign)),
            (
                "XIRR",
                result.xirr.map { style.trend(FundsFormat.percent($0), sign: $0 > 0 ? 1 : $0 < 0 ? -1 : 0) }
                    ?? "not available (the cash flows have no rate that balances them)"
            ),
        ]
        for (label, value) in summary { lines.append(TextWidth.pad(label, to: 14, alignRight: false) + value) }
        if details {
            lines.append("")
            let table = TextTable(
                columns: [.text("DUE"), .text("NAV DATE"), .number("NAV"), .number("UNITS"), .number("AMOUNT")],
                rows: result.installments.map {
                    [
                        TextTable.Cell($0.scheduled.iso8601), TextTable.Cell($0.date.iso8601),
                        TextTable.Cell(FundsFormat.nav($0.nav)),
                        TextTable.Cell(NumberFormat.decimal($0.units, fractionDigits: 3)),
                        TextTable.Cell(FundsFormat.money($0.amount)),
                    ]
                },
                footer: [
                    [
                        "Total", "", "", TextTable.Cell(NumberFormat.decimal(result.units, fractionDigits: 3)),
                        TextTable.Cell(FundsFormat.money(result.invested)),
                    ]
                ])
            lines.append(table.render(style: style, maxWidth: formatting.tableWidth(on: context.terminal)))
        }
        lines.append(
            style.dim(
                "Data as of \(FundsFormat.asOf(freshness.asOf, now: context.timing.now()))\(freshness.stale ? ", stale" : "")."
            ))
        return lines.joined(separator: "\n") + "\n"
    }
}
