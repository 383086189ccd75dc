import FeatureWeb
import Logging
import ServiceLifecycle

/// The enabled features' background jobs as one service of `folio serve`'s group: each runs at start and then
/// after each interval on the host's clock, until graceful shutdown cancels them.
struct BackgroundJobs: Service, CustomStringConvertible {
    /// Each job with the feature it belongs to: a job runs with the environment scoped to its feature, as the
    /// feature's pages do, so it reaches its own context.
    let jobs: [(feature: String, job: BackgroundJob)]
    let environment: WebEnvironment
    let clock: any Clock<Duration>
    let logger: Logger
    var metrics: ServerMetrics?

    /// What the service group's log names: the jobs only, never the environment (its configuration may hold a
    /// database password).
    var description: String { "BackgroundJobs(\(jobs.map(\.job.name).joined(separator: ", ")))" }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for (feature, job) in jobs {
                    group.addTask {
                        await job.repeatedly(
                            with: environment.scoped(to: feature), clock: clock,
                            failed: { failure in
                                metrics?.backgroundJob(job.name, failed: true)
                                logger.warning("\(job.name) failed: \(failure)")
                            }, succeeded: { metrics?.backgroundJob(job.name, failed: false) })
                    }
                }
            }
        }
        // A service that returns ends the group: with no jobs, or once they stopped, wait for the shutdown itself.
        try? await gracefulShutdown()
    }
}
