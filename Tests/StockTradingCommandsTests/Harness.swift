import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import Foundation
import MarketData
import Money
import Networking
import NetworkingTesting
import Persistence
import Settings
import StockTrading
import Timing
import TimingTesting

@testable import StockTradingCommands

/// Runs `stocks` commands in-process the way the host does, over one in-memory store, so a test can play
/// a sequence of invocations and look at what each printed and how it exited.
struct Harness {
    struct Outcome {
        var stdout: String
        var stderr: String
        var exitCode: Int32
    }

    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    let wallClock = PinnedWallClock(Harness.start)
    let clock = ManualClock()
    let database: InMemoryDatabase
    let store: any KeyValueStore
    var http: any HTTPClient = UnimplementedHTTPClient()
    var environment: [String: String] = ["FOLIO_STOCKS_SEED": "11"]
    /// The host's market data, when a test gives a provider; nil for the feature's own simulated market.
    var market: (any MarketDataProvider)?
    /// A unique path that does not exist yet: a test that writes files there creates it and removes it when it ends.
    let home: URL

    /// A world whose schema is already in place with a weak demo hash, so only the commands' own
    /// sign-ups pay for the live 210,000 rounds.
    static func make() async throws -> Harness {
        let harness = Harness()
        try await AccountService(
            store: harness.store, hasher: PBKDF2PasswordHasher(insecureRoundsForTesting: 100), timing: harness.timing
        ).prepare()
        return harness
    }

    private init() {
        let wallClock = wallClock
        database = InMemoryDatabase(now: { wallClock.now() })
        store = database.store(namespace: "stocks")
        home = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("stocks-tests-\(UUID().uuidString)")
    }

    var timing: Timing { Timing(clock: clock, wallClock: wallClock) }

    func run(
        _ arguments: [String], secrets: [String] = [], input: [String] = [], offline: Bool = false
    ) async -> Outcome {
        let terminal = CapturedTerminal(interactive: false, width: 100, input: input, secrets: secrets)
        var context = FeatureContext.test(
            featureID: "stocks", http: http, store: store, timing: timing,
            configuration: Configuration(environment: environment), terminal: terminal, offline: offline, home: home)
        if let market {
            context.marketData = MarketDataService(
                providers: [market], store: database.store(namespace: "market"), timing: timing,
                quoteTTL: (try? StocksSettings(Configuration(environment: environment)).quotesTTL) ?? .seconds(60))
        }
        let code: Int32
        do {
            let command = try StocksCommand.parseAsRoot(arguments)
            guard let feature = command as? any FeatureCommand else {
                return Outcome(stdout: "", stderr: "not a feature command", exitCode: 64)
            }
            try await feature.run(in: context)
            code = 0
        } catch let error as FolioError {
            terminal.printError(error.description)
            code = error.exitCode
        } catch {
            let exit = StocksCommand.exitCode(for: error).rawValue
            if exit == 0 || exit == 64 {
                terminal.printError(StocksCommand.fullMessage(for: error))
                code = exit
            } else {
                let mapped = FolioError.from(error)
                terminal.printError(mapped.description)
                code = mapped.exitCode
            }
        }
        return Outcome(stdout: terminal.output, stderr: terminal.errors, exitCode: code)
    }

    var weakAccounts: AccountService {
        AccountService(store: store, hasher: PBKDF2PasswordHasher(insecureRoundsForTesting: 100), timing: timing)
    }

    /// Logs in the demo user through the domain with the weak hasher (the login command itself is tested
    /// on its own; through it every login would pay for upgrading the weak hash to 210,000 rounds).
    @discardableResult
    func loginDemo() async throws -> Session {
        try await weakAccounts.logIn(email: AccountService.demoEmail, password: AccountService.demoPassword)
    }

    /// Signs up and logs in a user through the domain with the weak hasher.
    @discardableResult
    func signUp(_ email: String, cash: Amount = 10_000) async throws -> Session {
        try await weakAccounts.signUp(
            email: email, password: "long enough", confirmation: "long enough", openingCash: cash)
    }

    /// Every record in the namespace.
    func dump() async throws -> [RawRecord] {
        try await store.read { try $0.scan(.all) }
    }

    /// Decodes JSON output.
    func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }
}
