import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Money
import NetWorth
import Timing

/// `folio networth update NAME AMOUNT [--date] [--note]`
struct UpdateCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Record an account's balance on a date (default today).",
        discussion: """
            An account has one balance per date: recording a date again replaces that day's balance. \
            Debts take the positive amount owed. Negative balances (an overdrawn current account) work as \
            written: `update Current -250`. `--remove --date D` deletes the update of that date.
            Limits: an amount is at most 10¹⁵ either way, with no more decimals than its currency has (2 for \
            GBP, 0 for JPY); a date is YYYY-MM-DD in 1900–9999, not after today nor before the account's \
            opening balance unless --force; a note is at most 1,000 characters.

            change = this balance − the balance of the update before it
            change % = change ÷ |that balance| (n/a when it is zero)

            Examples:
              folio networth update "Monzo Savings" 1350.50
              folio networth update Mortgage 208450 --date 2024-06-30 --note "overpaid £500"
            """)

    @Argument(help: "The account's name (any case).")
    var name: String

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The balance, e.g. 1350.50 or -250.", valueName: "amount"))
    var amount: [String] = []

    @Option(help: ArgumentHelp("The date of the balance, YYYY-MM-DD (default today).", valueName: "date"))
    var date: String?

    @Option(help: "A note about this update.")
    var note: String?

    @Flag(help: "Remove the update dated --date instead of recording one.")
    var remove = false

    @Flag(help: "Accept a date after today or before the opening balance (with a warning).")
    var force = false

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        if remove { return try await removeUpdate(in: services) }
        if let option = amount.first(where: { $0.hasPrefix("--") }) {
            throw FolioError(
                .usage, "unknown option \(option)", hint: "see `folio networth update --help`", reason: .unknownOption)
        }
        guard let text = amount.first else {
            throw FolioError(.usage, "missing the amount", hint: "folio networth update \"\(name)\" 1350.50")
        }
        guard amount.count == 1 else {
            throw FolioError(
                .usage, "unexpected arguments: \(amount.dropFirst().joined(separator: " "))",
                why: "update takes one account name and one amount", hint: "quote names with spaces")
        }
        let value = try Input.amount(text, what: "amount")
        let day = try date.map { try Input.date($0, option: "--date") }
        let recorded = try await BalanceService(services.dependencies).record(
            account: name, amount: value, on: day, note: note, force: force)
        for warning in recorded.warnings { services.terminal.warn(warning + " (--force)") }
        services.terminal.print(Self.message(recorded, style: services.style))
    }

    /// What the terminal says about a recorded balance.
    static func message(_ recorded: BalanceRecorded, style: Style) -> String {
        let currency = recorded.currency
        let money = NumberFormat.money(recorded.amount, currency: currency)
        var message: String
        if let replaced = recorded.replaced {
            message =
                "Replaced the \(recorded.date.iso8601) balance of \"\(recorded.account)\" "
                + "(\(NumberFormat.money(replaced, currency: currency))) with \(money)."
        } else {
            message = "Recorded \(money) for \"\(recorded.account)\" on \(recorded.date.iso8601)."
        }
        if let since = recorded.changeSincePrevious {
            message +=
                "\nChange since \(since.since.iso8601): "
                + ChangeFormatting.text(
                    since.change.balanceChange(isDebt: recorded.debt), currency: currency, style: style)
        }
        if let later = recorded.laterBalanceOn {
            message += "\nThe latest balance is still the one of \(later.iso8601)."
        }
        return message
    }

    private func removeUpdate(in services: NetWorthServices) async throws {
        guard amount.isEmpty else {
            throw FolioError(
                .usage, "--remove takes no amount", hint: "folio networth update \"\(name)\" --remove --date 2024-06-30"
            )
        }
        guard let date else {
            throw FolioError(.usage, "--remove needs --date", why: "it removes the update of one date")
        }
        let day = try Input.date(date, option: "--date")
        let removed = try await BalanceService(services.dependencies).remove(account: name, on: day)
        services.terminal.print(
            "Removed the \(day.iso8601) balance of \"\(removed.account)\" "
                + "(\(NumberFormat.money(removed.amount, currency: removed.currency))).")
    }
}
