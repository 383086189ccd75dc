import FeatureKitTesting
import Foundation
import Testing
import TimingTesting

/// A feature's background job runs with its own feature's context, as its pages do: the net-worth sync at the
/// server's start succeeds (it once ran with the host's unscoped environment and failed every hour with "net worth
/// is not available — the feature is disabled").
@Suite("folio serve runs each feature's background jobs in that feature")
struct ServedBackgroundJobsTests {
    @Test("the networth sync job runs at start and is counted ok on /metrics, with no failure logged")
    func networthSyncRuns() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let sample = try await FolioBinary.run(["networth", "sample"], home: home)
            try #require(sample.exitCode == 0)
            let server = try await ServeProcess.start(home: home, environment: [:])
            defer { _ = server.stop() }
            let ran = try await yieldUntil { try await Self.runs(server).ok >= 1 }
            let runs = try await Self.runs(server)
            #expect(ran, "the sync job ran: \(runs)")
            #expect(runs.failed == 0)
        }
    }

    /// The networth sync job's runs by outcome, from `/metrics`.
    static func runs(_ server: ServeProcess) async throws -> (ok: Double, failed: Double) {
        let (status, text) = try await server.get("/metrics")
        try #require(status == 200)
        var runs: (ok: Double, failed: Double) = (0, 0)
        for sample in try ServeOperationsTests.samples(text)
        where sample.name == "folio_background_job_runs_total" && sample.labels["job"] == "networth sync" {
            if sample.labels["outcome"] == "ok" { runs.ok = sample.value } else { runs.failed = sample.value }
        }
        return runs
    }
}
