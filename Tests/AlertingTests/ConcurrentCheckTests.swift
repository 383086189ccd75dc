import AlertRules
import Alerting
import FeatureKitTesting
import Foundation
import NetworkingAsyncHTTPClient
import NetworkingTesting
import Persistence
import PersistencePostgres
import PersistencePostgresTesting
import PersistenceSQLite
import Testing
import Timing

@Suite("Two checks at once queue and deliver each firing once")
struct ConcurrentCheckTests {
    /// Adds `count` alerts through `first`, then runs one check on each store at once, `rounds` times with the
    /// source flipping between holding and clear, and returns every firing key and what the webhook received.
    private func race(
        first: any KeyValueStore, second: any KeyValueStore, count: Int = 8, rounds: Int = 3
    ) async throws
        -> (fired: [String], received: [String])
    {
        let receiver = try await WebhookReceiver.start()
        defer { Task { await receiver.server.stop() } }
        let transport = AsyncHTTPClientTransport(configuration: .init(userAgent: "folio-tests"))
        defer { Task { try? await transport.shutdown() } }
        for _ in 0..<count {
            _ = try await AlertStore(store: first).add(try Probe.definition(), featureID: "probe", at: Date())
        }
        let source = ProbeSource()
        let webhook = try receiver.webhook()
        let one = Probe.engine(store: first, source: source, http: transport, webhook: webhook, timing: .live)
        let other = Probe.engine(store: second, source: source, http: transport, webhook: webhook, timing: .live)
        var fired: [String] = []
        for _ in 0..<rounds {
            source.hold("below")
            async let a = one.check()
            async let b = other.check()
            let (reportA, reportB) = try await (a, b)
            fired += reportA.fired.map(\.key) + reportB.fired.map(\.key)
            source.hold()
            _ = try await one.check()
        }
        #expect(try await AlertStore(store: first).outbox().isEmpty)
        return (fired, receiver.log.keys)
    }

    @Test("on one SQLite file through two connections")
    func sqlite() async throws {
        try await withTemporaryDirectory(prefix: "folio-alerts") { directory in
            let file = directory.appendingPathComponent("folio.sqlite")
            let first = try SQLiteDatabase(fileURL: file).store(namespace: AlertStore.namespace)
            let second = try SQLiteDatabase(fileURL: file).store(namespace: AlertStore.namespace)
            let (fired, received) = try await race(first: first, second: second)
            #expect(fired.count == 8 * 3)
            #expect(Set(fired).count == fired.count, "no firing queued twice")
            // Every firing reaches the webhook under its own key. A POST whose answer a starved run reads too late is
            // sent again under the same key (at least once; the receiver drops the repeat), so keys are compared as sets.
            #expect(Set(received) == Set(fired), "each firing delivered, under its one key")
        }
    }

    @Test("on one PostgreSQL schema through two connections", .enabled(if: PostgresTestDatabase.isConfigured))
    func postgres() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            let one = try PostgresDatabase(url: url)
            let two = try PostgresDatabase(url: url)
            do {
                let (fired, received) = try await race(
                    first: one.store(namespace: AlertStore.namespace),
                    second: two.store(namespace: AlertStore.namespace))
                #expect(fired.count == 8 * 3)
                #expect(Set(fired).count == fired.count)
                #expect(Set(received) == Set(fired))
            } catch {
                await one.close()
                await two.close()
                throw error
            }
            await one.close()
            await two.close()
        }
    }
}
