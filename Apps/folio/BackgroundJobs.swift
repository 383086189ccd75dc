import FeatureWeb
import Logging
import ServiceLifecycle
import Timing

/// The enabled features' background jobs as one service of `folio serve`'s group: each runs at start and then
/// after each interval on the host's clock, until graceful shutdown cancels the waits (a run in progress finishes
/// its transaction first: the cancellation only reaches it at its next suspension).
struct BackgroundJobs: Service {
    let jobs: [BackgroundJob]
    let environment: WebEnvironment
    let clock: any Clock<Duration>
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for job in jobs {
                    group.addTask { await loop(job) }
                }
            }
        }
        // The group stops when a service returns: wait for the shutdown that ended the jobs, so returning
        // never ends the server by itself.
        try? await gracefulShutdown()
    }

    private func loop(_ job: BackgroundJob) async {
        while !Task.isCancelled {
            do {
                try await job.run(environment)
                logger.debug("\(job.name) done")
            } catch where !Task.isCancelled {
                logger.warning("\(job.name) failed: \(error)")
            } catch {
                return
            }
            do {
                try await clock.sleep(for: job.interval, tolerance: nil)
            } catch {
                return
            }
        }
    }
}
