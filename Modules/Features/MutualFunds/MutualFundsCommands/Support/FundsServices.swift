import Caching
import Failures
import FeatureKit
import Foundation
import Logging
import MutualFunds
import MutualFundsPortfolio
import Timing

/// The funds service for one command run, built from the context, with what only a terminal does around it:
/// `--refresh` and `--offline` as a fetch mode, stale warnings on stderr, a progress bar, and upstream details in
/// the `-v` log. Commands do `let services = FundsServices(context: context)`.
struct FundsServices: Sendable {
    let context: FeatureContext
    private let resolved: Result<FundsService, FolioError>

    init(context: FeatureContext) {
        self.context = context
        let logger = context.logger
        resolved = Result {
            FundsService(
                http: context.http, store: context.store, timing: context.timing,
                settings: try context.settings(FundsSettings.self, resolve: FundsSettings.init),
                diagnostics: { logger.debug("MF API: \($0)") })
        }.mapError(FolioError.from)
    }

    /// The service.
    /// - Throws: ``FolioError`` (usage) naming a malformed setting.
    func service() throws -> FundsService { try resolved.get() }

    /// The portfolio service, over ``service()``'s fund data.
    /// - Throws: ``FolioError`` (usage) naming a malformed setting.
    func portfolio() throws -> PortfolioService { PortfolioService(funds: try service()) }

    /// The settings.
    func settings() throws -> FundsSettings { try service().settings }

    /// How a fetch treats the cache.
    /// - Throws: ``FolioError`` (usage) for malformed settings or `--refresh` with `--offline`.
    func mode(refresh: Bool) throws -> FetchMode {
        if refresh && context.offline {
            throw FolioError(
                .usage, "--refresh and --offline contradict each other",
                why: "--refresh fetches from the network, --offline never does")
        }
        _ = try service()
        return context.offline ? .offline : refresh ? .refresh : .normal
    }

    /// A scheme's NAV history under the cache policy.
    func history(code: Int, refresh: Bool = false) async throws -> Fetched<NAVHistory> {
        let mode = try mode(refresh: refresh)
        return try await service().history(code: code, mode: mode)
    }

    /// A progress bar on a terminal for `count` fetches, nil for one.
    func progressBar(_ label: String, count: Int) -> ProgressBar? {
        count > 1 ? ProgressBar(label: label, total: count, terminal: context.terminal) : nil
    }

    /// Warns on stderr when `fetched` is stale.
    func warnIfStale<T>(_ fetched: Fetched<T>, what: String) { warnIfStale(fetched.freshness, what: what) }

    /// Warns on stderr when the data is stale: how old it is and why a fresh copy was not fetched.
    func warnIfStale(_ freshness: Freshness, what: String) {
        guard freshness.stale else { return }
        var message = "\(what): stale, as of \(FundsFormat.asOf(freshness.asOf, now: context.timing.now()))"
        if let reason = freshness.staleReason {
            message += " — \(reason)"
        } else if context.offline {
            message += " — --offline uses the cache only"
        }
        context.terminal.warn(message)
    }
}
