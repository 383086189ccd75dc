import Foundation
import Money
import Persistence
import PersistenceTesting
import Testing
import Timing

@testable import NetWorth

/// Schema 3 stores histories as plain columns; stores written by schema 1 (packed `date amount;…` text, names
/// indexed without Unicode normalisation) and schema 2 (an array of update objects) migrate without losing anything.
@Suite struct StorageMigrationTests {
    let store = InMemoryDatabase(now: { Date(timeIntervalSince1970: 1_719_748_800) }).store(namespace: "networth")

    /// An account record exactly as schema 1 wrote it.
    struct SchemaOneAccount: Codable, Sendable {
        var id: Int
        var name: String
        var type: AccountType
        var currency: String
        var createdOn: CalendarDate
        var note: String?
        var included: Bool
        var history: String
        var notes: [String: String]?
    }

    static let updates = [
        BalanceUpdate(date: day("2024-01-01"), amount: money("-250.75"), note: "overdrawn; again"),
        BalanceUpdate(date: day("2024-02-01"), amount: money("0.000000000001")),
        BalanceUpdate(date: day("2024-03-01"), amount: money("123456789012345678.5"), note: "a b"),
    ]

    /// Writes one schema-1 account named with a combining accent, indexed under its unnormalised folded name.
    func writeSchemaOne() async throws {
        let packed = PackedHistory.encode(Self.updates)
        let record = SchemaOneAccount(
            id: 1, name: "Cafe\u{301}", type: .current, currency: "GBP", createdOn: day("2024-01-01"), note: "n",
            included: true, history: packed.text, notes: packed.notes)
        try await store.migrate(Array(NetWorthRepository.migrations.prefix(1)))
        try await store.write { transaction in
            try transaction.put("account/00000001", record)
            try transaction.put("name/cafe\u{301}", 1)
            try transaction.put("meta/next-id", 2)
        }
    }

    @Test("schema 1's packed text reads back with every digit and note; damaged text is refused")
    func packedHistoryDecodes() {
        let packed = PackedHistory.encode(Self.updates)
        #expect(packed.text == "2024-01-01 -250.75;2024-02-01 0.000000000001;2024-03-01 123456789012345678.5")
        #expect(PackedHistory.decode(packed.text, notes: packed.notes) == Self.updates)
        #expect(PackedHistory.decode("", notes: [:]) == [])
        #expect(PackedHistory.decode("2024-01-01 12;2024-13-01 5", notes: [:]) == nil)
        #expect(PackedHistory.decode("2024-01-01 12;", notes: [:]) == nil)
    }

    @Test("migration 2 rewrites packed histories as records and re-indexes names in NFC; nothing is lost")
    func migratesSchemaOne() async throws {
        try await writeSchemaOne()
        let repository = NetWorthRepository(store: store)
        // Before the migration runs, the old record still reads.
        #expect(try await repository.accounts().first?.updates == Self.updates)
        try await store.migrate(NetWorthRepository.migrations)
        #expect(try await store.schemaVersion() == 3)
        let raw = try await store.read { try $0.value(JSONValueProbe.self, "account/00000001") }
        #expect(raw?.historyIsColumns == true)
        let account = try await repository.account(named: "CAF\u{C9}")
        #expect(account.updates == Self.updates)
        #expect(account.name == "Cafe\u{301}")
        #expect(account.note == "n")
        let names = try await store.read { try $0.scan(Int.self, KeyRange.prefix("name/")).map(\.key) }
        #expect(names == ["name/caf\u{E9}"])
    }

    @Test("migration 3 rewrites schema 2's arrays of updates as columns; notes and every digit survive")
    func migratesSchemaTwo() async throws {
        try await store.migrate(Array(NetWorthRepository.migrations.prefix(2)))
        try await store.write { transaction in
            try transaction.put(
                "account/00000001",
                SchemaTwoAccount(
                    id: 1, name: "Current", type: .current, currency: "GBP", createdOn: day("2024-01-01"), note: nil,
                    included: true, history: Self.updates.map(StoredUpdate.init)))
            try transaction.put("name/current", 1)
            try transaction.put("meta/next-id", 2)
        }
        let repository = NetWorthRepository(store: store)
        #expect(try await repository.accounts().first?.updates == Self.updates)
        try await store.migrate(NetWorthRepository.migrations)
        #expect(try await store.schemaVersion() == 3)
        let raw = try await store.read { try $0.value(JSONValueProbe.self, "account/00000001") }
        #expect(raw?.historyIsColumns == true)
        #expect(try await repository.account(named: "current").updates == Self.updates)
    }

    @Test("columns of different lengths are refused, not read short")
    func unevenColumnsAreRefused() async throws {
        try await store.migrate(NetWorthRepository.migrations)
        let account = Account(
            id: 1, name: "A", type: .current, currency: "GBP", createdOn: day("2024-01-01"), note: nil,
            isIncluded: true, updates: Self.updates)
        var record = try #require(
            try JSONSerialization.jsonObject(with: RecordCoding.encode(StoredAccount(account), key: "k"))
                as? [String: Any])
        var history = try #require(record["history"] as? [String: Any])
        history["amounts"] = ["1"]
        record["history"] = history
        let damaged = try JSONSerialization.data(withJSONObject: record)
        try await store.write { try $0.put("account/00000001", value: damaged) }
        await #expect { try await NetWorthRepository(store: store).accounts() } throws: { error in
            "\(error)".contains("the history's columns differ in length")
        }
    }

    /// An account record exactly as schema 2 wrote it.
    struct SchemaTwoAccount: Codable, Sendable {
        var id: Int
        var name: String
        var type: AccountType
        var currency: String
        var createdOn: CalendarDate
        var note: String?
        var included: Bool
        var history: [StoredUpdate]
    }

    /// Whether a stored record's history is columns (schema 3) rather than an array (2) or a string (1).
    struct JSONValueProbe: Decodable, Sendable {
        var historyIsColumns: Bool

        private enum Keys: String, CodingKey { case history }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            historyIsColumns = (try? container.decode(StoredHistoryColumns.self, forKey: .history)) != nil
        }
    }
}
