import ArgumentParser

/// `folio races`: the next-to-go board.
struct RacesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "races",
        abstract: "Next-to-go races: the next races to start, with countdowns.",
        discussion: """
            A race stays on the board until 60 seconds after its advertised start (now ≤ start + 60 s). Races are ordered by advertised start, then race id. Data comes from $FOLIO_NEDS_URL/rest/v1/racing/?method=nextraces (default https://api.neds.com.au).

            Examples:
              folio races next --count 5 --category harness,greyhound
              folio races watch --country AUS,NZ
            """,
        subcommands: [NextCommand.self, WatchCommand.self],
        defaultSubcommand: NextCommand.self)
}
