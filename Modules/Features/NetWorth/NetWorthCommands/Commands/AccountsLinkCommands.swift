import ArgumentParser
import FeatureCLI
import FeatureKit
import NetWorth

/// `folio networth accounts link NAME --to SOURCE`
struct AccountsLinkCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Make an account follow a value another feature keeps (a paper portfolio, your funds).",
        discussion: """
            A linked account's current balance is read from its source whenever the summary or the page is \
            computed (nothing is written by reading); `folio networth sync` records it as a balance update when it \
            changed, so history, reports and charts follow it. A source that is down or out of date shows the last \
            recorded balance with its age and a warning, never zero. An account without balances takes the \
            source's currency; one with balances in another currency is refused. Sources: \
            stocks:portfolio/EMAIL (cash + holdings of that paper account at current prices, USD), funds:portfolio \
            (your funds holdings in INR), etf:saved/NAME (a saved ETF portfolio at the prices it was saved with).

            Examples:
              folio networth accounts link "Paper Portfolio" --to stocks:portfolio/test@stockport.com
              folio networth accounts link "Indian Funds" --to funds:portfolio
            """)

    @Argument(help: "The account's name (any case).")
    var name: String

    @Option(help: ArgumentHelp("The source to follow, FEATURE:KIND[/ARGUMENT].", valueName: "source"))
    var to: String

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let changed = try await LinkService(services.dependencies).link(name, to: to)
        var message = "\"\(changed.account)\" now follows \(changed.source) (\(changed.currency))"
        if let replaced = changed.replaced, replaced != changed.source { message += " instead of \(replaced)" }
        services.terminal.print(message + ".")
        if let warning = changed.warning { services.terminal.warn(warning) }
    }
}

/// `folio networth accounts unlink NAME`
struct AccountsUnlinkCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlink",
        abstract: "Stop an account following its source; its recorded balances stay.",
        discussion: """
            After unlinking, the account's balance is its latest recorded update again, as for any account.

            Examples:
              folio networth accounts unlink "Paper Portfolio"
              folio networth accounts unlink "Indian Funds"
            """)

    @Argument(help: "The account's name (any case).")
    var name: String

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let changed = try await LinkService(services.dependencies).unlink(name)
        services.terminal.print("\"\(changed.account)\" no longer follows \(changed.source); its balances are kept.")
    }
}
