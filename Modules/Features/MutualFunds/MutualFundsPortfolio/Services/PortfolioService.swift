import Caching
import Failures
import MutualFunds
import Persistence
import Timing

/// The personal portfolio's use cases: importing a CAS statement, manual entries, holdings valued at the latest
/// NAVs, capital gains by the Indian tax rules, treatment overrides. Built on the fund data it values holdings
/// with (``MutualFunds/FundsService``), whose store and cache policy it shares.
public struct PortfolioService: Sendable {
    /// The fund data: NAV histories, AMFI's latest NAVs, the scheme list.
    public let funds: FundsService

    /// Creates the service over `funds`.
    public init(funds: FundsService) {
        self.funds = funds
    }

    var store: any KeyValueStore { funds.store }
    var timing: Timing { funds.timing }
    var settings: FundsSettings { funds.settings }

    /// Runs `body`, turning storage failures into the funds feature's refusals.
    func mapped<T>(_ body: () async throws -> T) async throws -> T { try await funds.mapped(body) }
}
