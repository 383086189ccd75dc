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
        let portfolio = try await services.repository.portfolio()
        let account = try await services.repository.account(named: name)
        let listing = try await AccountService(services.dependencies).listing(named: account.name)
        let value = try valueText(account, portfolio: portfolio, today: services.today)
        switch formatting.format {
        case .json:
            try formatting.emit(
                JSONOutput.string(try ShowRow(account, listing: listing, portfolio: portfolio, today: services.today)),
                to: services.terminal)
        case .csv:
            try formatting.emit(
                CSVOutput.rows([listing], columns: AccountListing.columns), to: services.terminal)
        case .table:
            try formatting.emit(
                try lines(account, listing: listing, portfolio: portfolio, value: value, style: services.style), to: services.terminal)
        }
    }

    private func valueText(_ account: Account, portfolio: Portfolio, today: CalendarDate) throws -> String? {
        guard account.currency != portfolio.baseCurrency, let latest = account.latestUpdate else { return nil }
        guard let conversion = portfolio.rates.conversion(for: account.currency, on: today) else {
            return "no \(account.currency) rate set"
        }
        let value = try conversion.apply(latest.amount, places: 2)
        let rate = conversion.method == "direct" ? conversion.legs[0].rate.rate : conversion.effectiveRate
        let how = conversion.method == "direct" ? "" : " (\(conversion.method == "cross" ? "cross rate through \(conversion.via ?? "")" : "inverse rate"))"
        return
            "\(NumberFormat.money(value, currency: portfolio.baseCurrency)) at \(rate) \(portfolio.baseCurrency)/\(account.currency)\(how)"
    }

    private func lines(_ account: Account, listing: AccountListing, portfolio: Portfolio, value: String?, style: Style)
        throws -> String
    {
        var rows: [(String, String)] = [
            ("Type", "\(account.type.rawValue) (\(account.type.isDebt ? "debt, subtracted" : "asset"))"),
            ("Currency", account.currency),
            ("Counted", portfolio.inclusion.exclusionReason(account).map { "no — \($0)" } ?? "yes"),
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
        if let value { rows.append(("Value", value)) }
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

/// `accounts show --format json`: the account row plus how it counts and its value.
private struct ShowRow: Encodable {
    var account: AccountListing
    var counted: Bool
    @NullEncodable var excludedBecause: String?
    @NullEncodable var value: Amount?
    var baseCurrency: String

    init(_ account: Account, listing: AccountListing, portfolio: Portfolio, today: CalendarDate) throws {
        self.account = listing
        counted = portfolio.inclusion.counts(account)
        excludedBecause = portfolio.inclusion.exclusionReason(account)
        value = try? portfolio.value(of: account, on: today)
        baseCurrency = portfolio.baseCurrency
    }

    func encode(to encoder: any Encoder) throws {
        try account.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(counted, forKey: .counted)
        try container.encode(_excludedBecause, forKey: .excludedBecause)
        try container.encode(_value, forKey: .value)
        try container.encode(baseCurrency, forKey: .baseCurrency)
    }

    private enum Key: String, CodingKey { case counted, excludedBecause, value, baseCurrency }
}
