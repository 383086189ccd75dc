import FeatureKitTesting
import Foundation
import PersistencePostgresTesting
import Testing
import TimingTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The served binary killed (`kill -9`) in the middle of a form post on PostgreSQL, at the two moments that matter:
/// after the handler committed and before its answer was stored, and before the handler committed. The same form
/// sent again to the restarted server is never applied twice and never answered with a dead end. The moment is
/// made by the test's own server: a trigger that stalls the one statement (`pg_sleep`), which the test sees in
/// `pg_stat_activity` before it kills the server and then ends that session.
@Suite("folio serve killed in the middle of a form post", .serialized)
struct ServedFormCrashTests {
    @Test(
        "killed after the commit, before the answer was stored: the retry is told it was applied, stored once",
        .enabled(if: PrivatePostgresCluster.binaries != nil, Comment(rawValue: PrivatePostgresCluster.skipReason)),
        .timeLimit(.minutes(5)))
    func killedAfterTheCommit() async throws {
        // The answer stored in place of the claim: a `web` record under `once/` whose value holds an outcome.
        let answerStored =
            "NEW.namespace = 'web' AND position('once/'::bytea in NEW.key) = 1 "
            + "AND position('\"outcome\"'::bytea in NEW.value) > 0"
        try await killedMidPost(stalling: answerStored, above: "7111111") { retry, browser in
            #expect(retry.status == 303, "\(retry.status): \(retry.body.prefix(300))")
            #expect(retry.location == "/alerts", "back to the page the form is on")
            let page = try await browser.get("/alerts")
            #expect(page.body.contains("already been sent and applied"), "the flash says so")
        }
    }

    @Test(
        "killed before the commit: the retry runs the form, stored once",
        .enabled(if: PrivatePostgresCluster.binaries != nil, Comment(rawValue: PrivatePostgresCluster.skipReason)),
        .timeLimit(.minutes(5)))
    func killedBeforeTheCommit() async throws {
        // The alert's own record, written by the handler's transaction.
        let alertWritten = "NEW.namespace = 'alerts' AND position('7222222'::bytea in NEW.value) > 0"
        try await killedMidPost(stalling: alertWritten, above: "7222222") { retry, browser in
            #expect(retry.status == 303, "\(retry.status): \(retry.body.prefix(300))")
            #expect(retry.location == "/alerts")
            let page = try await browser.get("/alerts")
            #expect(!page.body.contains("already been sent"), "it was applied now, by this copy")
        }
    }

    /// Opens `/alerts`, posts a net-worth alert above `above` with the page's one-time token, stalls the statement
    /// `condition` picks, kills the server there, ends the stalled session, restarts the server, sends the same
    /// form again (`check` looks at that answer), and expects the alert stored exactly once.
    private func killedMidPost(
        stalling condition: String, above: String,
        check: (FormClient.Page, FormClient) async throws -> Void
    ) async throws {
        let cluster = try await PrivatePostgresCluster.start()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("folio-crash-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        do {
            var server = try await ServedFolio.start(home: home, database: cluster.url)
            let browser = FormClient(baseURL: server.baseURL)
            let form = try await browser.get("/alerts")
            let once = try #require(ServedFolio.hiddenField("_once", in: form.body))
            let fields = [("_once", once), ("kind", "networth"), ("above", above)]
            _ = try await cluster.sql(
                """
                CREATE FUNCTION folio_test_stall() RETURNS trigger LANGUAGE plpgsql AS
                $$ BEGIN PERFORM pg_sleep(600); RETURN NEW; END $$;
                CREATE TRIGGER folio_test_stall BEFORE INSERT OR UPDATE ON folio_records FOR EACH ROW
                WHEN (\(condition)) EXECUTE FUNCTION folio_test_stall();
                """)
            let posting = Task { try? await browser.post("/alerts/add", fields: fields, from: form) }
            let stalled = "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep'"
            let reached = await yieldUntil(limit: .seconds(60)) {
                (try? await cluster.sql(stalled).trimmingCharacters(in: .whitespacesAndNewlines)) == "1"
            }
            #expect(reached, "the post reached the stalled statement")
            kill(server.process.processIdentifier, SIGKILL)
            server.process.waitUntilExit()
            _ = await posting.value
            // The server is gone; its session would wait out the sleep and then commit what it had sent.
            _ = try await cluster.sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event = 'PgSleep'")
            _ = try await cluster.sql("DROP TRIGGER folio_test_stall ON folio_records")

            server = try await ServedFolio.start(home: home, database: cluster.url)
            let again = FormClient(baseURL: server.baseURL, cookies: ["folio_csrf": browser.cookie("folio_csrf")])
            let retry = try await again.post("/alerts/add", fields: fields, from: form)
            try await check(retry, again)
            let (_, listing, _) = try await server.request("/api/alerts")
            #expect(server.stop() == 0)
            let stored = listing.replacingOccurrences(of: ",", with: "")
            #expect(stored.components(separatedBy: above).count - 1 == 1, "stored once: \(stored)")
        } catch {
            await cluster.destroy()
            throw error
        }
        await cluster.destroy()
    }
}
