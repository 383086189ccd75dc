import Foundation
import Persistence
import Synchronization
import Testing

/// A kept value is only ever what decoding the same bytes gives: equal bytes reuse it, changed bytes decode again,
/// and the memory stays within its capacity, dropping what was used least recently.
@Suite struct DecodedRecordsTests {
    /// Counts the decodes it is asked for.
    final class Decoder: Sendable {
        let calls = Mutex(0)
        func decode(_ data: Data) -> String {
            calls.withLock { $0 += 1 }
            return String(decoding: data, as: UTF8.self)
        }
        var count: Int { calls.withLock { $0 } }
    }

    static func record(_ key: String, _ text: String, storedAt: TimeInterval = 0) -> RawRecord {
        RawRecord(key: key, value: Data(text.utf8), storedAt: Date(timeIntervalSince1970: storedAt), expiresAt: nil)
    }

    @Test("the same bytes are decoded once, even when the record was stored again; changed bytes are decoded anew")
    func reuseOnlyForSameBytes() {
        let memory = DecodedRecords()
        let decoder = Decoder()
        #expect(memory.value(String.self, of: Self.record("a", "one"), decode: decoder.decode) == "one")
        #expect(memory.value(String.self, of: Self.record("a", "one", storedAt: 60), decode: decoder.decode) == "one")
        #expect(decoder.count == 1)
        #expect(memory.value(String.self, of: Self.record("a", "two"), decode: decoder.decode) == "two")
        #expect(decoder.count == 2)
        #expect(memory.value(String.self, of: Self.record("a", "one"), decode: decoder.decode) == "one")
        #expect(decoder.count == 3)
    }

    @Test("a new state of the store starts with no answers but keeps what was decoded: the same bytes decode once")
    func decodedValuesOutliveAState() {
        let memory = StateMemory()
        let decoder = Decoder()
        let before = memory.answers(at: "1")
        _ = before.decoded.value(String.self, of: Self.record("a", "one"), decode: decoder.decode)
        before.keep([Self.record("a", "one")], for: .get(namespace: "n", key: "a"))
        let after = memory.answers(at: "2")
        #expect(after.records(.get(namespace: "n", key: "a")) == nil)
        #expect(after.decoded.value(String.self, of: Self.record("a", "one"), decode: decoder.decode) == "one")
        #expect(decoder.count == 1)
        #expect(after.decoded.value(String.self, of: Self.record("a", "two"), decode: decoder.decode) == "two")
        #expect(decoder.count == 2)
    }

    @Test("a key read as two types keeps a value for each")
    func keyedByType() {
        let memory = DecodedRecords()
        let record = Self.record("a", "42")
        #expect(memory.value(String.self, of: record) { String(decoding: $0, as: UTF8.self) } == "42")
        #expect(memory.value(Int.self, of: record) { Int(String(decoding: $0, as: UTF8.self))! } == 42)
        #expect(memory.count == 2)
    }

    @Test("beyond its capacity the least recently used value is dropped")
    func leastRecentlyUsedGoes() {
        let memory = DecodedRecords(capacity: 2)
        let decoder = Decoder()
        _ = memory.value(String.self, of: Self.record("a", "A"), decode: decoder.decode)
        _ = memory.value(String.self, of: Self.record("b", "B"), decode: decoder.decode)
        _ = memory.value(String.self, of: Self.record("a", "A"), decode: decoder.decode)  // a is now the newer
        _ = memory.value(String.self, of: Self.record("c", "C"), decode: decoder.decode)  // b goes
        #expect(memory.count == 2)
        #expect(decoder.count == 3)
        _ = memory.value(String.self, of: Self.record("a", "A"), decode: decoder.decode)
        #expect(decoder.count == 3)
        _ = memory.value(String.self, of: Self.record("b", "B"), decode: decoder.decode)
        #expect(decoder.count == 4)
    }

    @Test("a failed decode keeps nothing and is tried again")
    func failuresAreNotKept() throws {
        struct Unreadable: Error {}
        let memory = DecodedRecords()
        #expect(throws: Unreadable.self) {
            try memory.value(String.self, of: Self.record("a", "x")) { _ in throw Unreadable() }
        }
        #expect(memory.count == 0)
        #expect(memory.value(String.self, of: Self.record("a", "x")) { _ in "x" } == "x")
    }
}
