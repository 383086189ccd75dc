/// Work a feature asks `folio serve` to run in the background while it serves (net worth's sync of linked
/// accounts): once at start, then at most once per ``interval``, stopped when the server shuts down. A failed run
/// is logged and tried again at the next interval; it never stops the server.
public struct BackgroundJob: Sendable {
    /// What the log calls it (`networth sync`).
    public var name: String
    /// The time between runs.
    public var interval: Duration
    /// One run, with the server's environment.
    public var run: @Sendable (WebEnvironment) async throws -> Void

    /// Declares a job.
    public init(name: String, interval: Duration, run: @escaping @Sendable (WebEnvironment) async throws -> Void) {
        self.name = name
        self.interval = interval
        self.run = run
    }
}

extension BackgroundJob {
    /// Runs the job now and then after each ``interval`` on `clock`, until the task is cancelled; `failed` hears
    /// each run that threw, and the next interval tries again; `succeeded` hears each run that did not.
    public func repeatedly(
        with environment: WebEnvironment, clock: any Clock<Duration>, failed: @Sendable (any Error) -> Void = { _ in },
        succeeded: @Sendable () -> Void = {}
    ) async {
        while !Task.isCancelled {
            do {
                try await run(environment)
                succeeded()
            } catch  where !Task.isCancelled {
                failed(error)
            } catch {
                return
            }
            do {
                try await clock.sleep(for: interval, tolerance: nil)
            } catch {
                return
            }
        }
    }
}

extension WebFeature {
    /// The feature with `jobs` as the work it runs in the background while the server runs.
    public func running(_ jobs: [BackgroundJob]) -> WebFeature {
        var feature = self
        feature.backgroundJobs = jobs
        return feature
    }
}
