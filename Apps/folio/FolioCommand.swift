import ArgumentParser
import FeatureCLI
import FeatureHost
import FeatureKit

/// `folio`: the root command. Its subcommands are the registered features plus the host's own commands.
struct Folio: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "folio",
            abstract: "Personal-finance tools: mutual funds, paper stock trading, racing, net worth and ETF analysis.",
            discussion: """
                Global options (--home, --offline, --no-color, -v) may appear anywhere on the command line. \
                Settings come from flags, then the environment (FOLIO_HOME, FOLIO_MFAPI_URL, FOLIO_NEDS_URL, \
                FOLIO_MARKET, NO_COLOR), then $FOLIO_HOME/config.json, then defaults; a bad value is blamed \
                on the flag, the variable or the config.json key (with its path) it came from.

                A request to a service has one deadline: 40 s over at most 4 tries (a terminal shows each retry). \
                A word that starts with "-" is read as an option: join an option's negative value with "=" \
                (`--amount=-5000`), and put "--" after every option and before a negative argument \
                (`folio stocks buy AAPL --refresh -- -3`); the feature then refuses or stores it.

                Exit codes, the same in every feature: 0 success; 1 refused (an invalid amount or rate, not \
                enough cash, a confirmation declined or impossible without a terminal); 64 usage or configuration \
                (a bad flag or setting, a date in no accepted form, a configured URL answering 404, --output into \
                a missing folder, a home that is a file); 65 malformed data (a bad CSV or JSON file, an \
                undecodable API body, a damaged folio.sqlite); 66 an input file missing or unreadable; 69 a \
                service or the database unreachable with nothing usable cached; 70 internal; 74 an output that \
                could not be written (a full disk; a failed --output leaves no file); 77 no permission on \
                folio's own data. Storage errors name the path, the cause and a hint, and never modify the file.

                Examples:
                  folio features
                  folio funds search hdfc flexi --plan direct
                """,
            version: FolioVersion.current,
            subcommands: [
                FeaturesCommand.self, SettingsCommand.self, OverviewCommand.self, DatabaseCommand.self,
                ServeCommand.self, AlertsCommand.self,
            ],
            groupedSubcommands: [
                CommandGroup(name: "Features", subcommands: FeatureRegistry.current.map(\.commands.command))
            ]
        )
    }

    // The global options, declared here so `folio --help` lists them; the host takes them out of the command
    // line before ArgumentParser sees it (``GlobalArguments``), so features never declare them. They sit on the
    // root itself rather than in an option group: each group type costs ArgumentParser three protocol lookups
    // per process, and on Linux every such first lookup scans every conformance record of the binary.
    @Option(
        help: ArgumentHelp("Folio's data directory (default $FOLIO_HOME, else $XDG_DATA_HOME/folio).", valueName: "dir")
    )
    var home: String?

    @Option(
        help: ArgumentHelp(
            "A PostgreSQL server to share data on (default $FOLIO_DATABASE_URL, else database.url, else SQLite in the home).",
            valueName: "url"))
    var databaseURL: String?

    @Flag(help: "Never touch the network: use cached data only.")
    var offline = false

    @Flag(help: "No colour, even on a terminal (NO_COLOR in the environment does the same).")
    var noColor = false

    @Flag(name: [.customShort("v"), .long], help: "Log debug detail (requests, retries, cache decisions) to stderr.")
    var verbose = false
}

/// The version reported by `folio --version` and in the User-Agent.
enum FolioVersion {
    static let current = "0.1.0"
}
