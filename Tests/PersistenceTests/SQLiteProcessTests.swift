import Foundation
import Persistence
import PersistenceSQLite
import Testing
import TimingTesting

/// The SQLite backend as real processes use it: files, permissions, concurrent writers, a writer killed mid-write.
@Suite struct SQLiteProcessTests {
    static var probe: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("persistence-probe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/persistence-probe")
    }

    @Test func createsAPrivateFileInWALMode() async throws {
        try await TemporaryFiles.withDatabaseURL { url in
            let database = try SQLiteDatabase(fileURL: url)
            let fileMode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            let directoryMode =
                try FileManager.default.attributesOfItem(
                    atPath: url.deletingLastPathComponent().path)[.posixPermissions] as? Int
            #expect(fileMode == 0o600)
            #expect(directoryMode == 0o700)
            #expect(try database.journalMode() == "wal")
            #expect(try database.integrityCheck() == ["ok"])
        }
    }

    @Test func openingAndReadingAnExistingFileWritesNothing() async throws {
        try await TemporaryFiles.withDatabaseURL { url in
            do {
                let store = try SQLiteDatabase(fileURL: url).store(namespace: "demo")
                try await store.write { try $0.put("k", "v") }
            }
            let before = try Data(contentsOf: url)
            do {
                let database = try SQLiteDatabase(fileURL: url)
                #expect(try await database.store(namespace: "demo").read { try $0.value(String.self, "k") } == "v")
                #expect(try database.journalMode() == "wal")
            }
            #expect(try Data(contentsOf: url) == before)
            #expect(try walSize(of: url) == 0)
        }
    }

    @Test("a read transaction refuses every write, and the store keeps what it held")
    func readsRefuseWrites() async throws {
        try await TemporaryFiles.withDatabaseURL { url in
            let store = try SQLiteDatabase(fileURL: url).store(namespace: "demo")
            try await store.write { try $0.put("k", "v") }
            let writes: [(String, @Sendable (any StoreTransaction) throws -> Void)] = [
                ("put", { try $0.put("k", "changed") }),
                ("put a new key", { try $0.put("new", "x") }),
                ("delete", { try $0.delete("k") }),
                ("delete a range", { try $0.delete(.prefix("")) }),
                (
                    "restore",
                    {
                        try $0.restore(
                            ExportedRecord(
                                record: RawRecord(key: "r", value: Data("1".utf8), storedAt: Date(), expiresAt: nil),
                                searchText: nil))
                    }
                ),
            ]
            for (name, write) in writes {
                let refusal = await #expect(throws: PersistenceError.self, "\(name)") { try await store.read(write) }
                #expect(refusal?.description.contains("a read transaction cannot write") == true, "\(name)")
            }
            #expect(try await store.read { try $0.scan(.prefix("")).map(\.key) } == ["k"])
            #expect(try await store.read { try $0.value(String.self, "k") } == "v")
        }
    }

    @Test func afterTheLastCloseTheMainFileAloneHoldsEveryWrite() async throws {
        try await TemporaryFiles.withDatabaseURL { url in
            do {
                let store = try SQLiteDatabase(fileURL: url).store(namespace: "demo")
                for index in 0..<200 {
                    try await store.write { try $0.put("k\(index)", String(repeating: "v", count: 500)) }
                }
            }
            // The log is kept between processes but emptied by the checkpoint at close.
            #expect(try walSize(of: url) == 0)
            let copy = url.deletingLastPathComponent().appendingPathComponent("copy.sqlite")
            try FileManager.default.copyItem(at: url, to: copy)
            let store = try SQLiteDatabase(fileURL: copy).store(namespace: "demo")
            #expect(try await store.read { try $0.scan(.all).count } == 200)
        }
    }

    private func walSize(of url: URL) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: url.path + "-wal")[.size] as? Int
    }

    @Test func twoProcessesIncrementingOneCounterEndAtExactlyTheirSum() async throws {
        try await TemporaryFiles.withDatabaseURL { url in
            _ = try SQLiteDatabase(fileURL: url)
            let children = try (0..<2).map { _ in try launch(["increment", url.path, "counter", "500"]) }
            for child in children {
                #expect(await exitStatus(of: child) == 0)
            }
            let store = try SQLiteDatabase(fileURL: url).store(namespace: "probe")
            #expect(try await store.get(Int.self, "counter")?.value == 1000)
        }
    }

    @Test func aWriterKilledInsideATransactionLeavesNoTraceOfIt() async throws {
        try await TemporaryFiles.withDatabaseURL { url in
            let database = try SQLiteDatabase(fileURL: url)
            try await database.store(namespace: "probe").put("before", "committed earlier")
            let output = Pipe()
            let child = try launch(["hold", url.path], output: output)
            try await waitForLine("ready", on: output)
            kill(child.processIdentifier, SIGKILL)
            _ = await exitStatus(of: child)
            let reopened = try SQLiteDatabase(fileURL: url)
            #expect(try reopened.integrityCheck() == ["ok"])
            let store = reopened.store(namespace: "probe")
            #expect(try await store.get(String.self, "held/a") == nil)
            #expect(try await store.get(String.self, "held/b") == nil)
            #expect(try await store.get(String.self, "before")?.value == "committed earlier")
            try await store.put("after", "the database still takes writes")
            #expect(try await store.get(String.self, "after") != nil)
        }
    }

    @Test func aWriterKilledAtAnArbitraryMomentLeavesEveryTransactionWholeOrAbsent() async throws {
        try await TemporaryFiles.withDatabaseURL { url in
            _ = try SQLiteDatabase(fileURL: url)
            let output = Pipe()
            let child = try launch(["pairs", url.path, "0"], output: output)
            try await waitForLine("ready", on: output)
            let observer = try SQLiteDatabase(fileURL: url).store(namespace: "probe")
            // Kill once the writer is demonstrably mid-stream: some pairs committed, more on the way.
            let midStream = try await yieldUntil { try await observer.read({ try $0.count(.prefix("x/")) }) >= 50 }
            #expect(midStream, "the writer never committed 50 pairs")
            kill(child.processIdentifier, SIGKILL)
            _ = await exitStatus(of: child)
            let reopened = try SQLiteDatabase(fileURL: url)
            #expect(try reopened.integrityCheck() == ["ok"])
            let store = reopened.store(namespace: "probe")
            let xs = Set(try await store.scan(String.self, .prefix("x/")).map { $0.key.dropFirst(2) })
            let ys = Set(try await store.scan(String.self, .prefix("y/")).map { $0.key.dropFirst(2) })
            #expect(xs.count >= 50)
            #expect(xs == ys)
        }
    }

    private func launch(_ arguments: [String], output: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = Self.probe
        process.arguments = arguments
        if let output { process.standardOutput = output }
        try process.run()
        return process
    }

    /// Blocking waits run on a Dispatch thread: Swift concurrency's pool has one thread per core (two here),
    /// and a test that blocks one starves every other test's loopback server.
    private func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }

    private func exitStatus(of process: Process) async -> Int32 {
        (try? await offPool {
            process.waitUntilExit()
            return process.terminationStatus
        }) ?? -1
    }

    private func waitForLine(_ expected: String, on pipe: Pipe) async throws {
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
