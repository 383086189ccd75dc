import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import Money
import NetWorth
import Timing

/// `folio networth accounts list`
struct AccountsListCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List accounts with balance, last update and change since the last update.",
        discussion: """
            change = latest balance − previous balance (in the account's currency)
            change % = change ÷ |previous balance| (n/a when the previous balance is zero)
            A debt going down is good news: paid down (green on a colour terminal).
            An account that follows a value source gets a line under the table naming the source and what it
            reads now (its value and as-of, or why it gives none); JSON and CSV add source, linkedOn,
            sourceStatus, sourceValue, sourceAsOf and sourceProblem.

            Examples:
              folio networth accounts list
              folio networth accounts list --format json
            """)

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let listings = try await AccountService(services.dependencies).listings()
        let accounts = formatting.format == .table ? try await services.repository.accounts() : []
        try formatting.render(rows: listings, columns: AccountListing.columns, to: services.terminal) {
            guard !accounts.isEmpty else {
                return "No accounts yet. Add one with `folio networth accounts add --name NAME --type TYPE`, "
                    + "or try `folio networth sample`."
            }
            let lines = listings.compactMap(SourceLine.text)
            return try table(accounts, style: services.style, width: formatting.tableWidth(on: services.terminal))
                + (lines.isEmpty ? "" : "\n" + lines.joined(separator: "\n"))
        }
    }

    private func table(_ accounts: [Account], style: Style, width: Int) throws -> String {
        var table = TextTable(columns: [
            .text("ACCOUNT", truncatable: true), .text("TYPE"), .number("BALANCE"), .text("UPDATED"),
            .text("CHANGE SINCE LAST UPDATE"),
        ])
        for account in accounts {
            table.append([
                TextTable.Cell(account.isIncluded ? account.name : "\(account.name) (excluded)"),
                TextTable.Cell(account.type.rawValue),
                TextTable.Cell(balanceText(account)),
                TextTable.Cell(account.latestUpdate?.date.iso8601 ?? "never"),
                ChangeFormatting.cell(try account.changeSinceLastUpdate, currency: account.currency, style: style),
            ])
        }
        return table.render(style: style, maxWidth: width)
    }
}
