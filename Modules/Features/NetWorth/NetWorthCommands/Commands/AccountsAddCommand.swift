import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import NetWorth
import Timing

/// `folio networth accounts add`
struct AccountsAddCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an account, optionally with its opening balance.",
        discussion: """
            The opening balance is recorded as the account's first update, dated --date (default today). \
            Debts (credit-card, loan, mortgage) take the positive amount owed; net worth subtracts it.

            Examples:
              folio networth accounts add --name "Monzo Savings" --type savings --balance 1200
              folio networth accounts add --name "Wise USD" --type foreign-currency --currency USD --balance 500 --date 2024-01-31
              folio networth accounts add --name "Paper" --type investment --linked-to stocks:portfolio/test@stockport.com
            """)

    @Option(help: "The account's name (unique: names are compared in Unicode NFC, ignoring case).")
    var name: String

    @Option(
        help: ArgumentHelp("The account type: \(AccountType.spellings).", valueName: "type"),
        completion: .list(AccountType.allCases.map(\.rawValue)))
    var type: String

    @Option(
        help: "The ISO 4217 currency of its balances (default the base currency, or the source's with --linked-to).",
        completion: .currencies)
    var currency: String?

    @Option(
        name: .customLong("linked-to"),
        help: ArgumentHelp("A value source the account follows (see `accounts link`).", valueName: "source"))
    var linkedTo: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The opening balance.", valueName: "amount"))
    var balance: String?

    @Option(help: ArgumentHelp("The date of the opening balance, YYYY-MM-DD (default today).", valueName: "date"))
    var date: String?

    @Option(help: "A note about the account.")
    var note: String?

    @Flag(help: "Leave the account out of net worth (see `accounts include`).")
    var exclude = false

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        guard let accountType = AccountType(spelling: type) else {
            throw FolioError(
                .usage, "unknown account type \"\(type)\"", why: "expected one of \(AccountType.spellings)")
        }
        if date != nil && balance == nil {
            throw FolioError(.usage, "--date needs --balance", why: "the date belongs to the opening balance")
        }
        var opening: BalanceUpdate?
        if let balance {
            let amount = try Input.amount(balance, what: "--balance")
            let day = try date.map { try Input.date($0, option: "--date") } ?? services.today
            opening = BalanceUpdate(date: day, amount: amount)
        }
        let request = NewAccount(
            name: name, type: accountType, currency: currency, note: note, isIncluded: !exclude, openingBalance: opening
        )
        let account = try await AccountService(services.dependencies).add(
            request, linkedTo: linkedTo)
        var message = "Added \"\(account.name)\" (\(account.type.rawValue), \(account.currency))"
        if let balance = account.balance, let date = account.lastUpdate {
            message +=
                " with a balance of \(NumberFormat.money(balance, currency: account.currency)) on \(date.iso8601)"
        }
        if let linkedTo { message += "; it follows \(linkedTo)" }
        if !account.included { message += "; it is excluded from net worth" }
        services.terminal.print(message + ".")
        if let missing = account.missingRate {
            services.terminal.warn(
                "there is no \(missing.currency)→\(missing.base) rate in force on \(missing.date.iso8601); set one with "
                    + "`folio networth rate set \(missing.currency) RATE --date \(missing.date.iso8601)` before valuing it"
            )
        }
    }
}
