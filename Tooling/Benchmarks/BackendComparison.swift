import Foundation
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
        do {
            remote = try await figures(postgres)
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
        row("funds-style search over 45,000 names", Benchmarks.format(sqlite.search),
            Benchmarks.format(remote.search), ratio(remote.search, sqlite.search))
        print(String(
            format: "PostgreSQL 8 clients / 1 client: %.2f×; SQLite: %.2f×", remote.eightClients / remote.oneClient,
            sqlite.eightClients / sqlite.oneClient))
    }

    static func figures(_ database: any KeyValueDatabase) async throws -> Figures {
        let store = database.store(namespace: "bench")
        var figures = Figures()
        let count = 300
        try await store.put("warm", 0)
        figures.putLatency = try await perOperation(count) { index in try await store.put("put/\(index)", index) }
        figures.getLatency = try await perOperation(count) { index in _ = try await store.get(Int.self, "put/\(index)") }
        figures.oneClient = try await transactionsPerSecond(store, clients: 1, each: 400)
        figures.eightClients = try await transactionsPerSecond(store, clients: 8, each: 100)
        let names = (0..<45_000).map { "Scheme \($0) Flexi Cap Fund - Direct Plan - Growth" }
        try await store.write { transaction in
            for (index, name) in names.enumerated() {
                try transaction.put(String(format: "scheme/%06d", index), name, searchText: name)
            }
        }
        figures.search = try await perOperation(7) { _ in
            _ = try await store.search(String.self, ["flex", "dir", "4499"], limit: 20)
        }
        return figures
    }

    /// The median time of one call of `body`, over `count` calls.
    static func perOperation(_ count: Int, _ body: (Int) async throws -> Void) async throws -> Duration {
        let clock = ContinuousClock()
        var samples: [Duration] = []
        for index in 0..<count {
            let start = clock.now
            try await body(index)
            samples.append(start.duration(to: clock.now))
        }
        return samples.sorted()[samples.count / 2]
    }

    /// Committed read-modify-write transactions per second, `clients` at once, each on a counter of its own.
    static func transactionsPerSecond(_ store: any KeyValueStore, clients: Int, each: Int) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<clients {
                group.addTask {
                    for _ in 0..<each {
                        try await store.write { transaction in
                            let key = "counter/\(client)"
                            try transaction.put(key, (try transaction.value(Int.self, key) ?? 0) + 1)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        return Double(clients * each) / Benchmarks.seconds(start.duration(to: clock.now))
    }

    static func row(_ cells: String...) { print("| " + cells.joined(separator: " | ") + " |") }
    static func rate(_ value: Double) -> String { "\(Int(value).formatted()) tx/s" }
    static func ratio(_ lhs: Duration, _ rhs: Duration) -> String {
        String(format: "%.2f×", Benchmarks.seconds(lhs) / Benchmarks.seconds(rhs))
    }
}
