import Foundation
import MutualFunds
import Persistence
import PersistencePostgres
import PersistenceSQLite

/// SQLite and PostgreSQL side by side, in one run on this machine: `folio-benchmarks backends`, with
/// `FOLIO_BENCH_DATABASE_URL` (or `FOLIO_TEST_DATABASE_URL`) naming a server; its figures go in a schema of
/// their own, dropped afterwards.
enum BackendComparison {
    struct Figures {
        var putLatency: Duration = .zero
        var getLatency: Duration = .zero
        var oneClient: Double = 0
        var eightClients: Double = 0
        var search: Duration = .zero
        var load: Duration = .zero
    }

    static func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let server = environment["FOLIO_BENCH_DATABASE_URL"] ?? environment["FOLIO_TEST_DATABASE_URL"] else {
            print("backends: set FOLIO_BENCH_DATABASE_URL to a PostgreSQL server to compare; skipped")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sqlite = try await figures(SQLiteDatabase(fileURL: directory.appendingPathComponent("folio.sqlite")))
        let schema = "folio_bench_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let postgres = try PostgresDatabase(url: server + (server.contains("?") ? "&" : "?") + "schema=" + schema)
        let remote: Figures
        let unbatched: Duration
        do {
            remote = try await figures(postgres)
            // What loading cost before puts were batched: one statement per put (5,000 records keeps it short).
            let oneByOne = try PostgresDatabase(location: postgres.location, writeBatch: 1)
            unbatched = try await load(5_000, into: oneByOne.store(namespace: "bench-unbatched"))
            await oneByOne.close()
        } catch {
            try? await postgres.dropSchema()
            await postgres.close()
            throw error
        }
        try await postgres.dropSchema()
        await postgres.close()
        print("| measure | SQLite | PostgreSQL (loopback) | PostgreSQL / SQLite |")
        print("| --- | --- | --- | --- |")
        row("put, one record per transaction (latency)", Benchmarks.format(sqlite.putLatency),
            Benchmarks.format(remote.putLatency), ratio(remote.putLatency, sqlite.putLatency))
        row("get, one record per transaction (latency)", Benchmarks.format(sqlite.getLatency),
            Benchmarks.format(remote.getLatency), ratio(remote.getLatency, sqlite.getLatency))
        row("read-modify-write, 1 client", rate(sqlite.oneClient), rate(remote.oneClient),
            String(format: "%.2f×", remote.oneClient / sqlite.oneClient))
        row("read-modify-write, 8 clients on distinct records", rate(sqlite.eightClients), rate(remote.eightClients),
            String(format: "%.2f×", remote.eightClients / sqlite.eightClients))
        row("load the 45,000-scheme funds catalogue, one transaction", Benchmarks.format(sqlite.load),
            Benchmarks.format(remote.load), ratio(remote.load, sqlite.load))
        row("funds search over the 45,000 schemes (median)", Benchmarks.format(sqlite.search),
            Benchmarks.format(remote.search), ratio(remote.search, sqlite.search))
        print(
            "PostgreSQL load per record: \(Benchmarks.format(remote.load / 45_000)) batched, "
                + "\(Benchmarks.format(unbatched / 5_000)) one statement per put")
        print(String(
            format: "PostgreSQL 8 clients / 1 client: %.2f×; SQLite: %.2f×", remote.eightClients / remote.oneClient,
            sqlite.eightClients / sqlite.oneClient))
    }

    /// How long each throughput figure runs: the whole comparison stays within a minute or two even on a
    /// slow server, whatever the transaction rate.
    static let throughputWindow: Duration = .seconds(3)

    static func figures(_ database: any KeyValueDatabase) async throws -> Figures {
        let store = database.store(namespace: "bench")
        var figures = Figures()
        try await store.put("warm", 0)
        figures.putLatency = try await perOperation(300) { index in try await store.put("put/\(index)", index) }
        figures.getLatency = try await perOperation(300) { index in _ = try await store.get(Int.self, "put/\(index)") }
        figures.oneClient = try await transactionsPerSecond(store, clients: 1)
        figures.eightClients = try await transactionsPerSecond(store, clients: 8)
        figures.load = try await load(45_000, into: store)
        // What `folio funds search flex dir 4499` runs: SchemeSearch over the catalogue as the feature stores it
        // (word-start candidates, then the feature's ranking), not the store's plain search.
        let query = SchemeQuery(terms: ["flex", "dir", "4499"])
        figures.search = try await perOperation(7) { _ in
            _ = try await store.read { try SchemeSearch.run(query, in: $0) }
        }
        return figures
    }

    /// The time to store a catalogue of `count` fund-like schemes in one transaction, as `folio funds` stores
    /// the MF API's list (``SchemeCatalog/replace(with:expiresAt:in:)``: records, search words and facets).
    static func load(_ count: Int, into store: any KeyValueStore) async throws -> Duration {
        let list = SchemeList(
            schemes: (0..<count).map {
                Scheme(code: 100_000 + $0, name: "Scheme \($0) Flexi Cap Fund - Direct Plan - Growth")
            })
        let clock = ContinuousClock()
        let start = clock.now
        try await store.write { transaction in
            try SchemeCatalog.replace(with: list, expiresAt: .distantFuture, in: transaction)
        }
        return start.duration(to: clock.now)
    }

    /// The median time of one call of `body`, over `count` calls or as many as run in ``throughputWindow``.
    static func perOperation(_ count: Int, _ body: (Int) async throws -> Void) async throws -> Duration {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: throughputWindow)
        var samples: [Duration] = []
        for index in 0..<count {
            let start = clock.now
            try await body(index)
            samples.append(start.duration(to: clock.now))
            if clock.now >= deadline { break }
        }
        return samples.sorted()[samples.count / 2]
    }

    /// Committed read-modify-write transactions per second over ``throughputWindow``, `clients` at once, each
    /// on a counter of its own.
    static func transactionsPerSecond(_ store: any KeyValueStore, clients: Int) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start.advanced(by: throughputWindow)
        let committed = try await withThrowingTaskGroup(of: Int.self) { group in
            for client in 0..<clients {
                group.addTask {
                    var count = 0
                    while clock.now < deadline {
                        try await store.write { transaction in
                            let key = "counter/\(client)"
                            try transaction.put(key, (try transaction.value(Int.self, key) ?? 0) + 1)
                        }
                        count += 1
                    }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        return Double(committed) / Benchmarks.seconds(start.duration(to: clock.now))
    }

    static func row(_ cells: String...) { print("| " + cells.joined(separator: " | ") + " |") }
    static func rate(_ value: Double) -> String { "\(Int(value).formatted()) tx/s" }
    static func ratio(_ lhs: Duration, _ rhs: Duration) -> String {
        String(format: "%.2f×", Benchmarks.seconds(lhs) / Benchmarks.seconds(rhs))
    }
}
