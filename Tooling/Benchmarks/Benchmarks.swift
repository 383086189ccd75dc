import Foundation
import Money
import Networking
import Persistence
import PersistenceSQLite
import Synchronization
import Timing

/// Prints figures for the kernels: `swift run -c release folio-benchmarks [filter]`.
///
/// Each benchmark runs a warm-up and then several timed rounds; the median, minimum and maximum are printed
/// with the throughput they imply. Nothing here asserts: figures are read, compared and recorded by people.
@main
enum Benchmarks {
    static func main() async throws {
        let filter = CommandLine.arguments.dropFirst().first
        let all: [(String, () async throws -> Void)] = [
            ("store", storeThroughput),
            ("decode", navHistoryDecoding),
            ("ticker", tickerFanOut),
            ("backends", BackendComparison.run),
            ("funds-analytics", { FundsAnalyticsBenchmark.run() }),
            ("trades", tradeThroughput),
        ]
        for (name, run) in all where filter == nil || name.contains(filter!) {
            try await run()
        }
    }

    // MARK: - Store

    static func storeThroughput() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteDatabase(fileURL: directory.appendingPathComponent("folio.sqlite"))
        let store = database.store(namespace: "bench")
        struct Trade: Codable, Sendable {
            var symbol: String
            var quantity: Int
            var price: Decimal
            var date: Date
        }
        let trade = Trade(symbol: "AAPL", quantity: 3, price: Decimal(string: "174.26")!, date: Date())
        let batch = 10_000
        try await measure("sqlite put, one transaction of \(batch.formatted()) records", operations: batch) {
            try await store.write { transaction in
                for index in 0..<batch { try transaction.put(String(format: "trade/%08d", index), trade) }
            }
        }
        try await measure("sqlite get, \(batch.formatted()) point reads in one snapshot", operations: batch) {
            try await store.read { transaction in
                for index in 0..<batch { _ = try transaction.get(Trade.self, String(format: "trade/%08d", index)) }
            }
        }
        try await measure("sqlite prefix scan of \(batch.formatted()) records", operations: batch) {
            _ = try await store.scan(Trade.self, .prefix("trade/"))
        }
        let transactions = 500
        try await measure("sqlite read-modify-write transactions (\(transactions) each committed)", operations: transactions) {
            for _ in 0..<transactions {
                try await store.write { transaction in
                    try transaction.put("counter", (try transaction.value(Int.self, "counter") ?? 0) + 1)
                }
            }
        }
        let names = (0..<45_000).map { "Scheme \($0) Flexi Cap Fund - Direct Plan - Growth" }
        try await measure("sqlite indexing 45,000 searchable records", operations: names.count, rounds: 3) {
            try await store.write { transaction in
                for (index, name) in names.enumerated() {
                    try transaction.put(String(format: "scheme/%06d", index), name, searchText: name)
                }
            }
        }
        try await measure("sqlite FTS5 prefix search over 45,000 names", operations: 1) {
            _ = try await store.search(String.self, ["flex", "dir", "4499"], limit: 20)
        }
    }

    // MARK: - Decoding

    static func navHistoryDecoding() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/mfapi/scheme_122639_history_full_3266pts.json")
        let data = try Data(contentsOf: url)
        struct Point: Decodable {
            let date: CalendarDate
            let nav: Amount
            enum CodingKeys: String, CodingKey { case date, nav }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                date = try container.decodeCalendarDate(forKey: .date, layout: .dayMonthYear)
                nav = try Amount(parsing: try container.decode(String.self, forKey: .nav))
            }
        }
        struct History: Decodable {
            let data: [Point]
        }
        try await measure("JSON decode of the 3,266-point NAV history (\(data.count.formatted()) bytes)", operations: 3266) {
            let history = try JSONDecoder().decode(History.self, from: data)
            precondition(history.data.count == 3266)
        }
    }

    // MARK: - Ticker

    static func tickerFanOut() async throws {
        let subscribers = 1000
        let ticks = 50
        let clock = ContinuousClock()
        let ticker = Ticker(interval: .milliseconds(20), clock: clock)
        let tally = Tally(ticks: ticks)
        let start = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<subscribers {
                let subscription = await ticker.subscribe()
                group.addTask {
                    for await tick in subscription {
                        guard tick.sequence <= ticks else { break }
                        let now = clock.now
                        tally.record(tick.sequence, at: now)
                        if tick.sequence == ticks { break }
                    }
                }
            }
            try await group.waitForAll()
        }
        let delivered = tally.received.withLock { $0 }
        let lateness = tally.latest.withLock { instants in
            (1...ticks).compactMap { sequence in
                instants[sequence].map { start.duration(to: $0) - .milliseconds(20) * sequence }
            }
        }
        let sorted = lateness.sorted()
        let complete = (1...ticks).filter { delivered[$0] == subscribers }.count
        print(
            "ticker fan-out to \(subscribers) subscribers: \(complete)/\(ticks) ticks reached every subscriber; "
                + "last delivery after the scheduled instant: median \(format(sorted[sorted.count / 2])), "
                + "max \(format(sorted.last!))")
        let drift = start.duration(to: clock.now) - .milliseconds(20) * ticks
        print("ticker: after \(ticks) ticks at 20 ms the run ended \(format(drift)) after the last scheduled tick")
    }

    // MARK: - Harness

    static func measure(
        _ label: String, operations: Int, rounds: Int = 7, _ body: () async throws -> Void
    ) async throws {
        try await body()
        let clock = ContinuousClock()
        var samples: [Duration] = []
        for _ in 0..<rounds {
            let start = clock.now
            try await body()
            samples.append(start.duration(to: clock.now))
        }
        samples.sort()
        let median = samples[samples.count / 2]
        let perSecond = Double(operations) / seconds(median)
        print(
            "\(label): median \(format(median)) (min \(format(samples.first!)), max \(format(samples.last!)))"
                + (operations > 1 ? ", \(Int(perSecond).formatted()) ops/s" : ""))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func format(_ duration: Duration) -> String {
        let value = seconds(duration)
        if abs(value) >= 1 { return String(format: "%.2f s", value) }
        if abs(value) >= 0.001 { return String(format: "%.2f ms", value * 1000) }
        return String(format: "%.1f µs", value * 1_000_000)
    }
}

/// Counts deliveries per tick and the last delivery time, shared by the subscriber tasks.
final class Tally: Sendable {
    let received: Mutex<[Int]>
    let latest: Mutex<[ContinuousClock.Instant?]>

    init(ticks: Int) {
        received = Mutex([Int](repeating: 0, count: ticks + 2))
        latest = Mutex([ContinuousClock.Instant?](repeating: nil, count: ticks + 2))
    }

    func record(_ sequence: Int, at instant: ContinuousClock.Instant) {
        received.withLock { $0[sequence] += 1 }
        latest.withLock { $0[sequence] = max($0[sequence] ?? instant, instant) }
    }
}
