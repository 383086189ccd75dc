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

    @Option(help: ArgumentHelp("Rupees invested each month.", valueName: "rupees"))
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
    static let amountOptions = ParseOptions(maximumPlaces: 2, symbols: ["₹", "Rs.", "Rs", "INR"])

    var amountValue: Result<Amount, MoneyError> {
        Result { () throws(MoneyError) in try Amount(parsing: amount, options: Self.amountOptions) }
    }

    func validate() throws {
        // An amount that is understood but not allowed is a refusal (exit 1), as everywhere in folio.
        let value: Amount
        switch amountValue {
        case .failure(let reason):
            throw FolioError(
                .refused, "invalid --amount \"\(amount)\"", why: "\(reason)", hint: "give a positive number of rupees, e.g. 5000")
        case .success(let parsed):
            value = parsed
        }
        guard value.isPositive else {
            throw FolioError(
                .refused, "invalid --amount \"\(amount)\"", why: "an instalment must be more than ₹0",
                hint: "give a positive number of rupees, e.g. 5000")
        }
        guard value <= 1_000_000_000 else {
            throw FolioError(.refused, "invalid --amount \"\(amount)\"", why: "it is more than ₹100 crore a month")
        }
        if let day, !(1...31).contains(day) { throw ValidationError("--day must be from 1 to 31.") }
        if let to, to.date < from.date {
            throw ValidationError("--to \(to.date.iso8601) is before --from \(from.date.iso8601).")
        }
    }

    struct Installment: Encodable {
        var scheduled: String
        var date: String
        var nav: Amount
        var units: Amount
        var amount: Amount

        static let columns = ["scheduled", "date", "nav", "units", "amount"]
    }

    struct Summary: Encodable {
        var code: Int
        var name: String
        var amount: Amount
        var day: Int
        var from: String
        @NullEncodable var to: String?
        var installmentCount: Int
        var installments: [Installment]
        var units: Amount
        var invested: Amount
        var valuationDate: String
        var valuationNAV: Amount
        var value: Amount
        var absoluteReturn: Double
        @NullEncodable var xirr: Double?
        var stale: Bool
        var asOf: Date
    }

    func run(in context: FeatureContext) async throws {
        let services = FundsServices(context: context)
        let cached = try await services.history(code: code.value, refresh: cache.refresh)
        services.warnIfStale(cached, what: "NAV history of \(code.value)")
        let history = cached.value
        let plan = SIPPlan(amount: try amountValue.get(), day: day ?? from.date.day, from: from.date, to: to?.date)
        let result: SIPResult
        do {
            result = try SIPCalculator.simulate(plan, on: history)
        } catch let error as SIPError {
            let hint: String? =
                if case .startsBeforeHistory(_, let first) = error { "use --from \(first.iso8601) or later" } else {
                    nil
                }
            throw FolioError(.refused, "cannot simulate this SIP", why: error.description, hint: hint)
        }
        let installments = result.installments.map {
            Installment(
                scheduled: $0.scheduled.iso8601, date: $0.date.iso8601, nav: $0.nav, units: $0.units, amount: $0.amount)
        }
        switch formatting.format {
        case .json:
            let summary = Summary(
                code: history.code, name: history.name, amount: plan.amount, day: plan.day, from: plan.from.iso8601,
                to: plan.to?.iso8601, installmentCount: installments.count, installments: installments,
                units: result.units, invested: result.invested, valuationDate: result.valuationDate.iso8601,
                valuationNAV: result.valuationNAV, value: result.value, absoluteReturn: result.absoluteReturn,
                xirr: result.xirr, stale: cached.isStale, asOf: cached.asOf)
            try formatting.emit(try JSONOutput.string(summary), to: context.terminal)
        case .csv:
            try formatting.emit(try CSVOutput.rows(installments, columns: Installment.columns), to: context.terminal)
        case .table:
            try formatting.emit(
                text(plan: plan, result: result, history: history, cached: cached, context: context),
                to: context.terminal)
        }
    }

    private func text(
        plan: SIPPlan, result: SIPResult, history: NAVHistory, cached: Cached<NAVHistory>, context: FeatureContext
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
            ("Gain", (try? result.value - result.invested).map { NumberFormat.signedMoney($0, currency: "INR") } ?? "n/a"),
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
            lines.append(table.render(style: style, maxWidth: context.terminal.width))
        }
        lines.append(
            style.dim(
                "Data as of \(FundsFormat.asOf(cached.asOf, now: context.timing.now()))\(cached.isStale ? ", stale" : "")."
            ))
        return lines.joined(separator: "\n") + "\n"
    }
}
