import ArgumentParser

/// `folio funds`: the feature's root command.
struct FundsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "funds",
        abstract: "Indian mutual funds from the MF API: search, NAV history, returns, risk, SIP, compare.",
        discussion: """
            Data comes from the MF API (FOLIO_MFAPI_URL, default https://api.mfapi.in) and is cached: the scheme \
            list for 1 hour (FOLIO_FUNDS_LIST_TTL or funds.listTTL in config.json), each NAV history for 30 \
            minutes (FOLIO_FUNDS_HISTORY_TTL / funds.historyTTL). When the API cannot be reached, the cached copy \
            is used and marked stale with the time it is from. --offline never uses the network; --refresh \
            fetches even when the cache is fresh.

            \(Definitions.all)

            Examples:
              folio funds search parag parikh flexi --plan direct --option growth
              folio funds show 122639 --range 3Y
            """,
        subcommands: [
            SearchCommand.self, ShowCommand.self, NavCommand.self, HistoryCommand.self, CompareCommand.self,
            SIPCommand.self, RollingCommand.self, FavoritesCommand.self, CacheCommand.self, PortfolioCommand.self,
        ]
    )
}
