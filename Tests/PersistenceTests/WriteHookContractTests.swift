import Foundation
import Persistence
import Testing

/// A task's ``WriteHook`` on every backend: run in each write transaction that wrote, on its own namespace, and
/// committed or rolled back with the transaction's own writes.
extension StoreContractTests {
    /// Counts the hook's runs in record `runs` of namespace `web`; throws when `refuse` is set there.
    static let counting = WriteHook(namespace: "web") { transaction in
        if try transaction.get(String.self, "refuse") != nil { throw Refused() }
        try transaction.put("runs", (try transaction.value(Int.self, "runs") ?? 0) + 1)
    }

    struct Refused: Error {}

    @Test(arguments: Backend.available)
    func aWriteHookRunsInEachWritingTransactionOfItsTask(backend: Backend) async throws {
        try await backend.withDatabase { database async throws in
            let (funds, web) = (database.store(namespace: "funds"), database.store(namespace: "web"))
            try await WriteHook.$current.withValue(Self.counting) {
                try await funds.put("a", 1)
                try await funds.write { try $0.delete("missing") }
                // Neither a transaction that only read nor one on the hook's own namespace runs it.
                _ = try await funds.write { try $0.get("a") }
                _ = try await funds.read { try $0.get("a") }
                try await web.put("session", "s")
            }
            // Outside the task's hook nothing runs it.
            try await funds.put("b", 2)
            #expect(try await web.get(Int.self, "runs")?.value == 2)
        }
    }

    @Test(arguments: Backend.available)
    func aWriteHookThatThrowsRollsTheTransactionBack(backend: Backend) async throws {
        try await backend.withDatabase { database async throws in
            let (funds, web) = (database.store(namespace: "funds"), database.store(namespace: "web"))
            try await funds.put("cash", 100)
            try await web.put("refuse", "yes")
            await #expect(throws: Refused.self) {
                try await WriteHook.$current.withValue(Self.counting) {
                    try await funds.write { transaction in
                        try transaction.put("cash", 50)
                        try transaction.put("holding", 1)
                    }
                }
            }
            #expect(try await funds.get(Int.self, "cash")?.value == 100)
            #expect(try await funds.get(Int.self, "holding") == nil)
            #expect(try await web.get(Int.self, "runs") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func aTransactionThatThrowsKeepsNothingOfItsHook(backend: Backend) async throws {
        try await backend.withDatabase { database async throws in
            let (funds, web) = (database.store(namespace: "funds"), database.store(namespace: "web"))
            await #expect(throws: Refused.self) {
                try await WriteHook.$current.withValue(Self.counting) {
                    try await funds.write { transaction in
                        try transaction.put("cash", 50)
                        throw Refused()
                    }
                }
            }
            #expect(try await web.get(Int.self, "runs") == nil)
            #expect(try await funds.get(Int.self, "cash") == nil)
        }
    }
}
