import ArgumentParser
import FeatureKit

/// The options every command accepts, anywhere on the command line; the host takes them out before
/// ArgumentParser sees the rest, so features never declare them.
struct GlobalOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Folio's data directory (default $FOLIO_HOME, else $XDG_DATA_HOME/folio).", valueName: "dir"))
    var home: String?

    @Flag(help: "Never touch the network: use cached data only.")
    var offline = false

    @Flag(help: "No colour, even on a terminal (NO_COLOR in the environment does the same).")
    var noColor = false

    @Flag(name: [.customShort("v"), .long], help: "Log debug detail (requests, retries, cache decisions) to stderr.")
    var verbose = false
}

/// `folio`: the root command. Its subcommands are the registered features plus the host's own commands.
struct Folio: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "folio",
            abstract: "Personal-finance tools: mutual funds, paper stock trading, racing, net worth and ETF analysis.",
            discussion: """
                Global options (--home, --offline, --no-color, -v) may appear anywhere on the command line. \
                Settings come from flags, then the environment (FOLIO_HOME, FOLIO_MFAPI_URL, FOLIO_NEDS_URL, \
                FOLIO_QUOTES_URL, NO_COLOR), then $FOLIO_HOME/config.json, then defaults.

                Examples:
                  folio features
                  folio funds search hdfc flexi --plan direct
                """,
            version: FolioVersion.current,
            subcommands: [FeaturesCommand.self],
            groupedSubcommands: [
                CommandGroup(name: "Features", subcommands: FeatureRegistry.current.map(\.command))
            ]
        )
    }

    @OptionGroup(title: "Global Options")
    var globals: GlobalOptions
}

/// The version reported by `folio --version` and in the User-Agent.
enum FolioVersion {
    static let current = "0.1.0"
}
