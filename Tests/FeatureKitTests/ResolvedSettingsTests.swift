import Failures
import FeatureKit
import FeatureKitTesting
import Settings
import Synchronization
import Testing

@Suite("settings resolved once per process")
struct ResolvedSettingsTests {
    struct Limits: Sendable, Equatable { var count: Int }
    struct Other: Sendable, Equatable { var name: String }

    @Test("a feature's settings are resolved on the first view and the same value is returned after")
    func resolvedOnce() throws {
        let settings = ResolvedSettings()
        let calls = Mutex(0)
        for _ in 0..<3 {
            let limits = try settings.settings(Limits.self, feature: "funds") {
                calls.withLock { $0 += 1 }
                return Limits(count: 4)
            }
            #expect(limits == Limits(count: 4))
        }
        #expect(calls.withLock { $0 } == 1)
    }

    @Test("another feature, or another type for the same feature, is resolved on its own")
    func keptApart() throws {
        let settings = ResolvedSettings()
        #expect(try settings.settings(Limits.self, feature: "funds") { Limits(count: 4) } == Limits(count: 4))
        #expect(try settings.settings(Limits.self, feature: "stocks") { Limits(count: 9) } == Limits(count: 9))
        #expect(try settings.settings(Other.self, feature: "funds") { Other(name: "x") } == Other(name: "x"))
        #expect(try settings.settings(Limits.self, feature: "funds") { Limits(count: 0) } == Limits(count: 4))
    }

    @Test("a malformed setting is refused with the same words on every view, without resolving again")
    func refusalKept() {
        let settings = ResolvedSettings()
        let calls = Mutex(0)
        for _ in 0..<2 {
            #expect {
                try settings.settings(Limits.self, feature: "funds") {
                    calls.withLock { $0 += 1 }
                    throw FolioError(.usage, "FOLIO_FUNDS_CONCURRENCY=zero is not a number from 1 to 32")
                }
            } throws: { error in
                (error as? FolioError)?.what == "FOLIO_FUNDS_CONCURRENCY=zero is not a number from 1 to 32"
                    && (error as? FolioError)?.kind == .usage
            }
        }
        #expect(calls.withLock { $0 } == 1)
    }

    @Test("a context resolves its settings once for every copy of it, and anew when its configuration is replaced")
    func perContext() throws {
        let key = ConfigKey("demo.count", environment: "FOLIO_DEMO_COUNT", default: "1")
        let calls = Mutex(0)
        func count(_ configuration: Configuration) -> Limits {
            calls.withLock { $0 += 1 }
            return Limits(count: Int(configuration.string(key) ?? "") ?? 0)
        }
        var context = FeatureContext.test(featureID: "demo")
        let copy = context
        #expect(try context.settings(Limits.self, resolve: count) == Limits(count: 1))
        #expect(try copy.settings(Limits.self, resolve: count) == Limits(count: 1))
        #expect(calls.withLock { $0 } == 1)
        context.configuration = Configuration(environment: ["FOLIO_DEMO_COUNT": "7"])
        #expect(try context.settings(Limits.self, resolve: count) == Limits(count: 7))
        #expect(try copy.settings(Limits.self, resolve: count) == Limits(count: 1))
        #expect(calls.withLock { $0 } == 2)
    }
}
