import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Networking
import NetworkingTesting
import Persistence
import Settings
import Testing

@Suite struct FolioErrorTests {
    let url = URL(string: "https://api.mfapi.in/mf/1")!

    @Test func printsWhatWhyAndHint() {
        let error = FolioError(.refused, "cannot sell 5 AAPL", why: "you hold 2", hint: "sell 2 or fewer")
        #expect(error.description == "error: cannot sell 5 AAPL — you hold 2\nhint: sell 2 or fewer")
        #expect(error.exitCode == 1)
    }

    @Test func mapsKernelErrorsToExitCodes() {
        #expect(FolioError.from(NetworkError.timedOut(url: url, after: .seconds(1))).exitCode == 69)
        #expect(FolioError.from(NetworkError.status(code: 503, url: url, body: nil, retryAfter: nil)).exitCode == 69)
        #expect(FolioError.from(NetworkError.status(code: 404, url: url, body: nil, retryAfter: nil)).exitCode == 1)
        #expect(FolioError.from(NetworkError.status(code: 400, url: url, body: nil, retryAfter: nil)).exitCode == 1)
        #expect(FolioError.from(NetworkError.decoding(url: url, path: "data[0]", reason: "x")).exitCode == 65)
        #expect(FolioError.from(PersistenceError.storage("disk full")).exitCode == 70)
        #expect(FolioError.from(UnimplementedError(what: "x")).exitCode == 70)
        let mapped = FolioError.from(NetworkError.connectionFailed(url: url, reason: "refused"))
        #expect(mapped.description.contains("https://api.mfapi.in/mf/1"))
    }
}

@Suite struct ConfigurationTests {
    let key = ConfigKey("funds.url", environment: "FOLIO_MFAPI_URL", default: "https://api.mfapi.in")

    @Test func resolvesEnvironmentThenFileThenDefault() throws {
        #expect(Configuration().string(key) == "https://api.mfapi.in")
        #expect(Configuration(file: ["funds.url": "http://file"]).string(key) == "http://file")
        let both = Configuration(environment: ["FOLIO_MFAPI_URL": "http://env"], file: ["funds.url": "http://file"])
        #expect(both.string(key) == "http://env")
        #expect(try both.url(key).absoluteString == "http://env")
    }

    @Test func rejectsInvalidURLsAndDurationsNamingTheSetting() {
        let error = #expect(throws: FolioError.self) {
            try Configuration(environment: ["FOLIO_MFAPI_URL": "not a url"]).url(key)
        }
        #expect(error?.exitCode == 64)
        #expect(error?.description.contains("FOLIO_MFAPI_URL") == true)
        let ttl = ConfigKey("funds.historyTTL", environment: "FOLIO_FUNDS_HISTORY_TTL")
        #expect(throws: FolioError.self) { try Configuration(file: ["funds.historyTTL": "soon"]).duration(ttl) }
    }

    @Test func parsesDurations() {
        #expect(Configuration.parseDuration("30m") == .seconds(1800))
        #expect(Configuration.parseDuration("1h") == .seconds(3600))
        #expect(Configuration.parseDuration("2d") == .seconds(172_800))
        #expect(Configuration.parseDuration("90") == .seconds(90))
        #expect(Configuration.parseDuration("250ms") == .milliseconds(250))
        #expect(Configuration.parseDuration("-5s") == nil)
        #expect(Configuration.parseDuration("m") == nil)
        #expect(Configuration.parseDuration(" \t45M\u{2003}") == .seconds(2700))
        #expect(Configuration.parseDuration("1 h") == nil)
        #expect(Configuration.parseDuration("   ") == nil)
        #expect(Configuration.parseDuration("") == nil)
    }
}

@Suite struct TestContextTests {
    @Test func unsetDoublesFailLoudly() async throws {
        let context = FeatureContext.test(featureID: "demo")
        await #expect(throws: UnimplementedError.self) {
            try await context.http.send(.get(URL(string: "http://127.0.0.1:1")!, path: "/"))
        }
        await #expect(throws: PersistenceError.self) { try await context.store.get(Int.self, "x") }
    }

    @Test func capturedTerminalRecordsOutputAndScriptsInput() {
        let terminal = CapturedTerminal(input: ["first"], secrets: ["hunter22"])
        terminal.print("result")
        terminal.warn("careful")
        #expect(terminal.readLine() == "first")
        #expect(terminal.readLine() == nil)
        #expect(terminal.readSecret(prompt: "Password: ") == "hunter22")
        #expect(terminal.output == "result\n")
        #expect(terminal.errors == "warning: careful\nPassword: ")
    }
}
