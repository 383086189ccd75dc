import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import Money
import NetWorth
import Timing

/// `folio networth accounts show NAME`
struct AccountsShowCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one account: balance, previous update, change and how it counts.",
        discussion: """
            balance = the latest update; change = balance − previous update; change % = change ÷ |previous|.
            value = balance × the rate in force today (for accounts not in the base currency).
            An account that follows a value source shows the source, the day it was linked and what it reads now.

            Examples:
              folio networth accounts show "Monzo Savings"
              folio networth accounts show mortgage --format json
            """)

    @Argument(help: "The account's name (any case).")
    var name: String

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let detail = try await AccountService(services.dependencies).detail(named: name)
        try formatting.render(
            detail, to: services.terminal,
            csv: { try CSVOutput.rows([detail.listing], columns: AccountListing.columns) },
            table: { try lines(detail, style: services.style) })
    }

    /// `£1,234.56 at 1.25 GBP/USD (inverse rate)`, or why there is no value.
    private func valueText(_ valuation: AccountDetail.Valuation, detail: AccountDetail) -> String {
        switch valuation {
        case .missingRate: return "no \(detail.account.currency) rate set"
        case .converted(let value, let rate, let method, let via):
            let how =
                method == "direct" ? "" : " (\(method == "cross" ? "cross rate through \(via ?? "")" : "inverse rate"))"
            return
                "\(NumberFormat.money(value, currency: detail.baseCurrency)) at \(rate) \(detail.baseCurrency)/\(detail.account.currency)\(how)"
        }
    }

    private func lines(_ detail: AccountDetail, style: Style) throws -> String {
        let (account, listing) = (detail.account, detail.listing)
        var rows: [(String, String)] = [
            ("Type", "\(account.type.rawValue) (\(account.type.isDebt ? "debt, subtracted" : "asset"))"),
            ("Currency", account.currency),
            ("Counted", detail.excludedBecause.map { "no — \($0)" } ?? "yes"),
            ("Added", account.createdOn.iso8601),
        ]
        if let note = account.note { rows.append(("Note", note)) }
        if let latest = account.latestUpdate {
            rows.append(
                (
                    "Balance",
                    "\(NumberFormat.money(latest.amount, currency: account.currency)) on \(latest.date.iso8601)"
                ))
        } else {
            rows.append(("Balance", "no updates yet"))
        }
        if let valuation = detail.valuation { rows.append(("Value", valueText(valuation, detail: detail))) }
        if let source = listing.source {
            rows.append(("Follows", source + (listing.linkedOn.map { " (linked \($0))" } ?? "")))
            let asOf = listing.sourceAsOf.map { " as of " + $0.formatted(.iso8601) } ?? ""
            rows.append(
                (
                    "Source value",
                    listing.sourceValue.map { NumberFormat.money($0, currency: account.currency) + asOf }
                        ?? "none now (\(listing.sourceProblem ?? "not read"))\(asOf)"
                ))
        }
        if let previous = account.previousUpdate {
            rows.append(
                (
                    "Previous",
                    "\(NumberFormat.money(previous.amount, currency: account.currency)) on \(previous.date.iso8601)"
                ))
            rows.append(
                (
                    "Change",
                    ChangeFormatting.text(try account.changeSinceLastUpdate, currency: account.currency, style: style)
                ))
        }
        if let first = account.updates.first {
            rows.append(("Updates", "\(account.updates.count) since \(first.date.iso8601)"))
        }
        if account.updates.count > 1 {
            rows.append(
                (
                    "History",
                    Sparkline.render(account.updates.map { $0.amount.doubleValue }, width: 40)
                ))
        }
        let width = rows.map { TextWidth.of($0.0) }.max() ?? 0
        return
            ([style.bold(account.name)]
            + rows.map { "  " + TextWidth.pad($0.0, to: width, alignRight: false) + "  " + $0.1 })
            .joined(separator: "\n")
    }
}
