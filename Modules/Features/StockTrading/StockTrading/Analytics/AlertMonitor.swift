import Foundation
import Timing

/// Checks a user's alerts at a fixed interval on the injected clock, refreshing quotes before each check,
/// so a watch loop can be driven by a manual clock in tests.
public struct AlertMonitor: Sendable {
    private let alerts: AlertBook
    private let quotes: QuoteBook
    private let timing: Timing

    /// Creates the monitor.
    public init(alerts: AlertBook, quotes: QuoteBook, timing: Timing) {
        self.alerts = alerts
        self.quotes = quotes
        self.timing = timing
    }

    /// One check with freshly refreshed quotes.
    public func checkOnce(mode: QuoteBook.Mode = .refresh) async throws -> (AlertCheck, QuoteSet) {
        let set = try await quotes.quotes(mode)
        return (try await alerts.check(quotes: set, at: timing.now()), set)
    }

    /// Checks now and then every `interval`, `limit` times (forever when nil), handing each result to
    /// `report`. Ends when the task is cancelled.
    public func run(
        every interval: Duration, limit: Int? = nil,
        report: @escaping @Sendable (AlertCheck, QuoteSet) async throws -> Void
    ) async throws {
        var done = 0
        while limit.map({ done < $0 }) ?? true {
            if done > 0 { try await timing.sleep(for: interval) }
            let (check, set) = try await checkOnce()
            try await report(check, set)
            done += 1
        }
    }
}
