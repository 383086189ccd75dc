import FeatureWeb
import Foundation
import Testing
import Synchronization

@Suite("browser sessions")
struct SessionStoreTests {
    final class Clock: Sendable {
        let now = Mutex(Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("ids are 256 random bits in an HttpOnly SameSite=Strict cookie, stored only hashed, and expire")
    func lifecycle() async throws {
        let clock = Clock()
        let store = SessionStore(lifetime: .seconds(3600), now: { clock.now.withLock { $0 } })
        let cookie = await store.start(userID: "u1", email: "a@example.com")
        #expect(cookie.hasSuffix("; Path=/; Max-Age=3600; HttpOnly; SameSite=Strict"))
        let id = String(cookie.dropFirst("folio_session=".count).prefix { $0 != ";" })
        #expect(id.count == 43, "32 bytes in base64url")
        #expect(await store.storedKeys == [Secrets.digest(id)])
        #expect(await store.lookup(id)?.email == "a@example.com")
        #expect(await store.lookup("forged") == nil)
        clock.now.withLock { $0 = $0.addingTimeInterval(3601) }
        #expect(await store.lookup(id) == nil)
        #expect(await store.count == 0)
    }

    @Test("two sessions never share an id")
    func distinct() async {
        let store = SessionStore(now: { Date() })
        let first = await store.start(userID: "u", email: "e")
        let second = await store.start(userID: "u", email: "e")
        #expect(first != second)
    }
}
