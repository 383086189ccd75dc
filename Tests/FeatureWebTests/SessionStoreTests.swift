import FeatureWeb
import Foundation
import Persistence
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
        let cookie = try await store.start(userID: "u1", email: "a@example.com")
        #expect(cookie.hasSuffix("; Path=/; Max-Age=3600; HttpOnly; SameSite=Strict"))
        let id = String(cookie.dropFirst("folio_session=".count).prefix { $0 != ";" })
        #expect(id.count == 43, "32 bytes in base64url")
        #expect(try await store.storedKeys == [Secrets.digest(id)])
        #expect(await store.lookup(id)?.email == "a@example.com")
        #expect(await store.lookup("forged") == nil)
        clock.now.withLock { $0 = $0.addingTimeInterval(3601) }
        #expect(await store.lookup(id) == nil)
        #expect(try await store.count == 0)
    }

    @Test("two sessions never share an id")
    func distinct() async throws {
        let store = SessionStore(now: { Date() })
        let first = try await store.start(userID: "u", email: "e")
        let second = try await store.start(userID: "u", email: "e")
        #expect(first != second)
    }

    @Test("a session lives in the store: a restarted server, or a second one on the same database, knows it")
    func sharedThroughTheStore() async throws {
        let database = InMemoryDatabase()
        let first = SessionStore(store: database.store(namespace: "web"), now: { Date() })
        let cookie = try await first.start(userID: "u", email: "a@example.com", payload: Data("login".utf8))
        let id = String(cookie.dropFirst("folio_session=".count).prefix { $0 != ";" })
        let second = SessionStore(store: database.store(namespace: "web"), now: { Date() })
        #expect(await second.lookup(id)?.payload == Data("login".utf8))
        _ = await second.end(id)
        #expect(await first.lookup(id) == nil, "a logout on one server ends the session on the other")
    }
}
