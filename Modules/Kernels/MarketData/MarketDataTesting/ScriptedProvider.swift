import Foundation
import MarketData
import Money
import Synchronization
import Timing

/// A provider that answers from closures and counts what it was asked, for tests of the market-data policy.
public final class ScriptedProvider: MarketDataProvider, Sendable {
    /// The provider's id.
    public let id: String
    /// The provider's name.
    public let displayName: String
    /// Whether it pretends to need the network.
    public let requiresNetwork: Bool
    private let quoteAnswer: @Sendable (String) async throws -> PriceQuote
    private let historyAnswer: @Sendable (String, CalendarDate, CalendarDate) async throws -> PriceHistory
    private let calls = Mutex<[String]>([])

    /// Creates a provider; unset answers fail loudly.
    public init(
        id: String = "scripted", displayName: String = "Scripted", requiresNetwork: Bool = true,
        quote: @escaping @Sendable (String) async throws -> PriceQuote = { symbol in
            throw MarketDataError.unavailable(symbol: symbol, provider: "Scripted", reason: "no quote was scripted")
        },
        history: @escaping @Sendable (String, CalendarDate, CalendarDate) async throws -> PriceHistory = {
            symbol, _, _ in
            throw MarketDataError.unavailable(symbol: symbol, provider: "Scripted", reason: "no history was scripted")
        }
    ) {
        self.id = id
        self.displayName = displayName
        self.requiresNetwork = requiresNetwork
        quoteAnswer = quote
        historyAnswer = history
    }

    /// Every request so far, as `quote AAPL` or `history AAPL 2024-01-01 2024-01-31`.
    public var requests: [String] { calls.withLock { $0 } }

    /// Answers from the scripted closure.
    public func quote(for symbol: String) async throws -> PriceQuote {
        calls.withLock { $0.append("quote \(symbol)") }
        return try await quoteAnswer(symbol)
    }

    /// Answers from the scripted closure.
    public func history(for symbol: String, from: CalendarDate, to: CalendarDate) async throws -> PriceHistory {
        calls.withLock { $0.append("history \(symbol) \(from) \(to)") }
        return try await historyAnswer(symbol, from, to)
    }
}

extension PriceQuote {
    /// A US-dollar quote on a New York listing, for tests.
    public static func sample(
        _ symbol: String, price: Amount, previousClose: Amount? = nil,
        at time: Date = Date(timeIntervalSince1970: 1_700_000_000)
    )
        -> PriceQuote
    {
        PriceQuote(
            symbol: symbol, price: price, currency: "USD", previousClose: previousClose, exchange: "NMS",
            exchangeTimeZone: "America/New_York", marketTime: time)
    }
}

/// A switch a test opens to let held requests finish: for tests of what happens while a request is in flight.
public final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Creates a closed gate.
    public init() {}

    /// Waits until the gate is open.
    public func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state -> Bool in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if open { continuation.resume() }
        }
    }

    /// How many are waiting.
    public var waiting: Int { state.withLock { $0.waiters.count } }

    /// Opens the gate and lets every waiter through.
    public func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
