import ArgumentParser

/// `folio networth accounts …`
struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "Add, list, show, rename, remove, include, exclude and link accounts.",
        discussion: """
            Account types: current, savings, isa, investment, pension, property, crypto, foreign-currency, \
            cash, other (assets); credit-card, loan, mortgage (debts, entered as the positive amount owed).
            Names are unique ignoring case and are matched ignoring case.

            Examples:
              folio networth accounts add --name "Halifax Mortgage" --type mortgage --balance 210000
              folio networth accounts list --format csv
            """,
        subcommands: [
            AccountsAddCommand.self, AccountsListCommand.self, AccountsShowCommand.self, AccountsRenameCommand.self,
            AccountsRemoveCommand.self, AccountsExcludeCommand.self, AccountsIncludeCommand.self,
            AccountsNoteCommand.self, AccountsLinkCommand.self, AccountsUnlinkCommand.self,
        ])
}
