import Foundation
import Persistence
import PersistencePostgres
import PersistencePostgresTesting
import Testing
import TimingTesting

/// Separate processes on one PostgreSQL database, as separate machines use it.
@Suite(.enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipReason)))
struct PostgresProcessTests {
    @Test func fourProcessesFromTwoHomesIncrementingOneCounterEndAtExactlyTheirSum() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            // Two machines' FOLIO_HOMEs, each naming the server one of the two ways a user can: the first in
            // its config.json, the second through FOLIO_DATABASE_URL (its config.json names nothing).
            let homes = try (0..<2).map { _ in
                let home = FileManager.default.temporaryDirectory.appendingPathComponent("folio-probe-\(UUID())")
                try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
                return home
            }
            defer { for home in homes { try? FileManager.default.removeItem(at: home) } }
            try JSONSerialization.data(withJSONObject: ["database.url": url])
                .write(to: homes[0].appendingPathComponent("config.json"))
            let children = try (0..<4).map { index in
                let home = homes[index % 2]
                return try Probe.launch(
                    ["increment-home", home.path, "counter", "250"],
                    environment: ["FOLIO_DATABASE_URL": index % 2 == 0 ? nil : url])
            }
            for child in children {
                #expect(await Probe.exitStatus(of: child) == 0)
            }
            let database = try PostgresDatabase(url: url)
            #expect(try await database.store(namespace: "probe").get(Int.self, "counter")?.value == 1000)
            await database.close()
            // Nothing fell back to a home's SQLite file.
            for home in homes {
                #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("folio.sqlite").path))
            }
        }
    }

    @Test func aClientKilledInsideATransactionLeavesNoTraceOfIt() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            let database = try PostgresDatabase(url: url)
            let store = database.store(namespace: "probe")
            try await store.put("before", "committed earlier")
            let output = Pipe()
            let child = try Probe.launch(["hold", url], output: output)
            try await Probe.waitForLine("ready", on: output)
            kill(child.processIdentifier, SIGKILL)
            _ = await Probe.exitStatus(of: child)
            #expect(try await store.get(String.self, "held/a") == nil)
            #expect(try await store.get(String.self, "held/b") == nil)
            #expect(try await store.get(String.self, "before")?.value == "committed earlier")
            try await store.put("after", "the database still takes writes")
            #expect(try await store.get(String.self, "after") != nil)
            await database.close()
        }
    }

    @Test func aClientKilledAtAnArbitraryMomentLeavesEveryTransactionWholeOrAbsent() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            let database = try PostgresDatabase(url: url)
            try await database.connect()
            let output = Pipe()
            let child = try Probe.launch(["pairs", url, "0"], output: output)
            try await Probe.waitForLine("ready", on: output)
            let observer = database.store(namespace: "probe")
            let midStream = try await yieldUntil { try await observer.read({ try $0.count(.prefix("x/")) }) >= 50 }
            #expect(midStream, "the writer never committed 50 pairs")
            kill(child.processIdentifier, SIGKILL)
            _ = await Probe.exitStatus(of: child)
            let xs = Set(try await observer.scan(String.self, .prefix("x/")).map { $0.key.dropFirst(2) })
            let ys = Set(try await observer.scan(String.self, .prefix("y/")).map { $0.key.dropFirst(2) })
            #expect(xs.count >= 50)
            #expect(xs == ys)
            await database.close()
        }
    }
}

/// The `persistence-probe` child process.
enum Probe {
    static var executable: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("persistence-probe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/persistence-probe")
    }

    /// Starts the probe; `environment` sets (or, with nil, removes) variables of this process's environment.
    static func launch(
        _ arguments: [String], output: Pipe? = nil, environment: [String: String?] = [:]
    ) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            var merged = ProcessInfo.processInfo.environment
            for (name, value) in environment { merged[name] = value }
            process.environment = merged
        }
        if let output { process.standardOutput = output }
        try process.run()
        return process
    }

    /// Blocking waits run on a Dispatch thread, never on Swift concurrency's two-thread pool.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }

    static func exitStatus(of process: Process) async -> Int32 {
        (try? await offPool {
            process.waitUntilExit()
            return process.terminationStatus
        }) ?? -1
    }

    static func waitForLine(_ expected: String, on pipe: Pipe) async throws {
        let handle = pipe.fileHandleForReading
        try await offPool {
            var buffer = Data()
            while !String(decoding: buffer, as: UTF8.self).contains(expected + "\n") {
                let chunk = handle.availableData
                guard !chunk.isEmpty else { throw ProbeError.endedBeforeReady }
                buffer += chunk
            }
        }
    }

    enum ProbeError: Error { case endedBeforeReady }
}

/// Says, as a test of its own, that the PostgreSQL tests were skipped and why, so a run without a server is
/// never mistaken for a run that passed them.
@Suite struct PostgresAvailabilityTests {
    @Test(.disabled(if: PostgresTestDatabase.isConfigured, "the PostgreSQL tests are running"))
    func postgresTestsAreSkippedWithoutAServer() {
        print("PostgreSQL tests skipped: \(PostgresTestDatabase.skipReason)")
    }
}
