import ArgumentParser

/// `folio funds portfolio`: the user's own funds from a CAS statement and entries made by hand.
struct PortfolioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "portfolio",
        abstract: "Your own mutual funds: import a CAS statement, value it, XIRR, capital gains.",
        discussion: """
            A portfolio is folios → schemes → transactions, stored in folio's data directory (never part of the \
            cache). Import the Consolidated Account Statement that CAMS/KFintech send, converted to JSON or CSV \
            by casparser; add or sell by hand; value it at the latest NAVs or on a date; list its capital gains by \
            financial year.

            Examples:
              folio funds portfolio import cas.json
              folio funds portfolio
              folio funds portfolio gains --fy 2024-25
              folio funds portfolio tax --fy 2024-25 --slab 30%
              folio funds portfolio treat-as 122639 equity
            """,
        subcommands: [
            PortfolioShow.self, PortfolioImport.self, PortfolioAdd.self, PortfolioSell.self,
            PortfolioTransactions.self, PortfolioRemove.self, PortfolioGains.self, PortfolioTax.self,
            PortfolioTreatAs.self,
        ],
        defaultSubcommand: PortfolioShow.self
    )
}
