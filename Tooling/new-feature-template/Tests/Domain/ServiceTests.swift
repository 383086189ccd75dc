import Failures
import Foundation
import Persistence
import Testing
import Timing
import TimingTesting
import __NAME__

@Suite("__NAME__Service")
struct __NAME__ServiceTests {
    @Test("a note is kept trimmed and listed oldest first; a blank one is refused and nothing is stored")
    func addAndList() async throws {
        let store = InMemoryDatabase().store(namespace: "__ID__")
        let first = __NAME__Service(store: store, timing: .test(now: Date(timeIntervalSince1970: 1_700_000_000)))
        let second = __NAME__Service(store: store, timing: .test(now: Date(timeIntervalSince1970: 1_700_000_060)))
        _ = try await second.add("  later  ")
        _ = try await first.add("earlier")
        await #expect(throws: FolioError.self) { try await first.add("   ") }
        let report = try await first.notes()
        #expect(report.notes.map(\.text) == ["earlier", "later"])
        #expect(report.count == 2)
    }
}
