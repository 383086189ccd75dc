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

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        if remove { return try await removeUpdate(in: services) }
        if let option = amount.first(where: { $0.hasPrefix("--") }) {
            throw FolioError(.usage, "unknown option \(option)", hint: "see `folio networth update --help`")
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
        let day = try date.map { try Input.date($0, option: "--date") } ?? services.today
        let update = BalanceUpdate(date: day, amount: value, note: note.flatMap { $0.isEmpty ? nil : $0 })
        let (account, replaced) = try await services.repository.record(update, for: name, today: services.today)
        let money = NumberFormat.money(value, currency: account.currency)
        var message: String
        if let replaced {
            message =
                "Replaced the \(day.iso8601) balance of \"\(account.name)\" "
                + "(\(NumberFormat.money(replaced.amount, currency: account.currency))) with \(money)."
        } else {
            message = "Recorded \(money) for \"\(account.name)\" on \(day.iso8601)."
        }
        if let previous = account.update(onOrBefore: day.adding(days: -1)) {
            let change = try BalanceChange(from: previous.amount, to: value, isDebt: account.type.isDebt)
            message +=
                "\nChange since \(previous.date.iso8601): "
                + ChangeFormatting.text(change, currency: account.currency, style: services.style)
        }
        if let latest = account.latestUpdate, latest.date > day {
            message += "\nThe latest balance is still the one of \(latest.date.iso8601)."
        }
        services.terminal.print(message)
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
        let (account, removed) = try await services.repository.removeUpdate(on: day, for: name)
        services.terminal.print(
            "Removed the \(day.iso8601) balance of \"\(account.name)\" "
                + "(\(NumberFormat.money(removed.amount, currency: account.currency))).")
    }
}
