import FeatureKitTesting
import Foundation
import PersistencePostgresTesting
import Testing
import TimingTesting

/// The served binary applies a form post once however often it is sent: twice in a row, twice at once, and again
/// after a restart, on SQLite and on PostgreSQL.
@Suite("folio serve applies each form once")
struct ServedFormOnceTests {
    @Test("the same post twice, at once, and after a restart: stored once, answered as the first was (SQLite)")
    func onSQLite() async throws {
        try await checkOnce(database: nil)
    }

    @Test(
        "the same post twice, at once, and after a restart: stored once, answered as the first was (PostgreSQL)",
        .enabled(if: PrivatePostgresCluster.binaries != nil, Comment(rawValue: PrivatePostgresCluster.skipReason)))
    func onPostgres() async throws {
        let cluster = try await PrivatePostgresCluster.start()
        do {
            try await checkOnce(database: cluster.url)
        } catch {
            await cluster.destroy()
            throw error
        }
        await cluster.destroy()
    }

    private func checkOnce(database: String?) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("folio-once-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        var server = try await ServedFolio.start(home: home, database: database)
        let (_, page, cookie) = try await server.request("/alerts")
        let seed = try #require(cookie)
        let csrf = try #require(ServedFolio.csrfToken(in: page))
        let once = try #require(ServedFolio.hiddenField("_once", in: page))
        #expect(once != ServedFolio.hiddenField("_once", in: try await server.request("/alerts", cookie: seed).1))
        let form = "_csrf=\(csrf)&_once=\(once)&kind=networth&above=7123456"

        let first = try await server.exchange("/alerts/add", method: "POST", body: form, cookie: seed)
        let again = try await server.exchange("/alerts/add", method: "POST", body: form, cookie: seed)
        // URLSession on Linux follows the 303 whatever its delegate says: both lead to the alerts page.
        #expect((200..<400).contains(first.0) && again.0 == first.0, "the retry is answered as the first was")

        // A double click: two copies of one form at once.
        let (_, second, _) = try await server.request("/alerts", cookie: seed)
        let twice =
            "_csrf=\(csrf)&_once=\(try #require(ServedFolio.hiddenField("_once", in: second)))&kind=networth&above=7654321"
        let running = server
        let answers = await withTaskGroup(of: (Int, String).self) { group in
            for _ in 0..<2 {
                group.addTask {
                    let answer = try? await running.exchange("/alerts/add", method: "POST", body: twice, cookie: seed)
                    return (answer?.0 ?? 0, answer?.1 ?? "")
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(
            answers.count == 2 && answers.allSatisfy { (200..<400).contains($0.0) },
            "\(answers.filter { !(200..<400).contains($0.0) }.map { "\($0.0) \($0.1.split(separator: "<main").last?.prefix(2000) ?? "")" })"
        )

        #expect(server.stop() == 0)
        server = try await ServedFolio.start(home: home, database: database)
        let replayed = try await server.exchange("/alerts/add", method: "POST", body: form, cookie: seed)
        #expect(replayed.0 == first.0, "a replay after a restart")
        // Without a one-time token (a script's post), each post is applied: the old behaviour.
        let plain = "_csrf=\(csrf)&kind=networth&above=7000001"
        for _ in 0..<2 { _ = try await server.request("/alerts/add", method: "POST", body: plain, cookie: seed) }

        let (_, listing, _) = try await server.request("/api/alerts")
        #expect(server.stop() == 0)
        let stored = listing.replacingOccurrences(of: ",", with: "")
        #expect(stored.components(separatedBy: "7123456").count - 1 == 1, "\(stored)")
        #expect(stored.components(separatedBy: "7654321").count - 1 == 1, "\(stored)")
        #expect(stored.components(separatedBy: "7000001").count - 1 == 2, "\(stored)")
    }
}
