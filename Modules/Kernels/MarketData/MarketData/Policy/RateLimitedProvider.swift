import Foundation
import Timing

/// A provider asked only when its ``RateLimiter`` gives a turn. A refusal from the provider closes the gate for
/// its `Retry-After` (or the limit's back-off); a turn further away than the longest wait is refused at once as
/// ``MarketDataError/rateLimited(symbol:provider:retryAfter:reason:)``, without a request.
public struct RateLimitedProvider: MarketDataProvider {
    /// The provider behind the gate.
    public let base: any MarketDataProvider
    /// The gate.
    public let limiter: RateLimiter

    /// Wraps `base` under `limit`, timed on `timing`.
    public init(_ base: any MarketDataProvider, limit: RateLimit, timing: Timing) {
        self.base = base
        limiter = RateLimiter(limit: limit, timing: timing)
    }

    /// The base provider's id.
    public var id: String { base.id }
    /// The base provider's name.
    public var displayName: String { base.displayName }
    /// Whether the base provider needs the network.
    public var requiresNetwork: Bool { base.requiresNetwork }

    /// The base provider's quote, in turn.
    public func quote(for symbol: String) async throws -> PriceQuote {
        try await inTurn(symbol) { try await base.quote(for: symbol) }
    }

    /// The base provider's history, in turn.
    public func history(for symbol: String, from: CalendarDate, to: CalendarDate) async throws -> PriceHistory {
        try await inTurn(symbol) { try await base.history(for: symbol, from: from, to: to) }
    }

    private func inTurn<T: Sendable>(_ symbol: String, _ body: () async throws -> T) async throws -> T {
        do {
            try await limiter.acquire()
        } catch let refusal as RateLimiterRefusal {
            let limit = limiter.limit
            throw MarketDataError.rateLimited(
                symbol: symbol.uppercased(), provider: displayName, retryAfter: refusal.wait,
                reason: refusal.providerAsked
                    ? "it asked for a pause" : "folio's limit of \(limit.perMinute) requests a minute is reached")
        }
        do {
            let value = try await body()
            await limiter.release()
            return value
        } catch let error as MarketDataError {
            if case .rateLimited(_, _, let retryAfter, _) = error {
                await limiter.pause(for: retryAfter ?? limiter.limit.backOffWithoutRetryAfter)
            }
            await limiter.release()
            throw error
        } catch {
            await limiter.release()
            throw error
        }
    }
}

extension MarketDataProvider {
    /// This provider under `limit`.
    public func limited(_ limit: RateLimit, timing: Timing) -> RateLimitedProvider {
        RateLimitedProvider(self, limit: limit, timing: timing)
    }
}
