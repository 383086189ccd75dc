import Failures
import Foundation
import Money
import Networking
import Persistence
import StockTrading
import Synchronization
import Timing
import TimingTesting

/// A market whose prices and failures the test sets.
final class ScriptedMarket: MarketDataSource, Sendable {
    private let state: Mutex<(prices: [String: Amount], failure: NetworkError?, fetches: Int)>

    init(_ prices: [String: Amount] = ["AAPL": 100, "TSLA": 200, "MSFT": 300]) {
        state = Mutex((prices, nil, 0))
    }

    var identity: String { "scripted" }
    var requiresNetwork: Bool { true }
    var displayName: String { "the scripted market" }
    var fetches: Int { state.withLock { $0.fetches } }

    func set(_ symbol: String, _ price: Amount) { state.withLock { $0.prices[symbol] = price } }
    func fail(with error: NetworkError?) { state.withLock { $0.failure = error } }

    func fetchQuotes() async throws -> [StockQuote] {
        try state.withLock { state in
            state.fetches += 1
            if let failure = state.failure { throw failure }
            return state.prices.keys.sorted().map { symbol in
                StockQuote(
                    symbol: symbol, name: "\(symbol) Corp", sector: symbol == "MSFT" ? "Software" : "Hardware",
                    price: state.prices[symbol]!, previousClose: nil)
            }
        }
    }
}

/// An in-memory world: store, pinned wall clock, manual clock and a weak hasher so tests stay fast.
struct TestWorld {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    let wallClock: PinnedWallClock
    let clock: ManualClock
    let timing: Timing
    let database: InMemoryDatabase
    let store: any KeyValueStore
    let hasher = PBKDF2PasswordHasher(insecureRoundsForTesting: 1_000)
    let market: ScriptedMarket

    init(prices: [String: Amount] = ["AAPL": 100, "TSLA": 200, "MSFT": 300]) {
        let wallClock = PinnedWallClock(Self.start)
        self.wallClock = wallClock
        clock = ManualClock()
        timing = Timing(clock: clock, wallClock: wallClock)
        database = InMemoryDatabase(now: { wallClock.now() })
        store = database.store(namespace: "stocks")
        market = ScriptedMarket(prices)
    }

    var utc: TimeZone { TimeZone(identifier: "UTC")! }

    var accounts: AccountService { AccountService(store: store, hasher: hasher, timing: timing, timeZone: utc) }

    func quoteBook(ttl: Duration = .seconds(60)) -> QuoteBook {
        QuoteBook(store: store, source: market, timing: timing, timeToLive: ttl)
    }

    func brokerage(_ session: Session) -> Brokerage {
        Brokerage(store: store, timing: timing, userID: session.userID, timeZone: utc)
    }

    /// A signed-up user with `cash`.
    func user(_ email: String = "ann@example.com", cash: Amount = 10_000) async throws -> Session {
        try await accounts.signUp(
            email: email, password: "correct horse", confirmation: "correct horse", openingCash: cash)
    }

    /// Every record in the namespace, to prove a refusal changed nothing.
    func dump() async throws -> [RawRecord] {
        try await store.read { try $0.scan(.all) }
    }
}

/// The refusal `body` throws as the faces get it, or nil when it throws none (or something else).
func refusal(_ body: () async throws -> Void) async -> FolioError? {
    do {
        try await body()
        return nil
    } catch {
        return error as? FolioError
    }
}
