import ArgumentParser
import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Networking
import NetworkingTesting
import Persistence
import Testing
import Timing
import TimingTesting

@testable import MutualFundsCommands

@Suite("Cache policy: fresh, expired, stale-if-error, offline, refresh")
struct CachePolicyTests {
    @Test("a history is fresh for 30 minutes, then fetched again")
    func historyTTL() async throws {
        let harness = Harness()
        try await harness.run(["nav", "122639"])
        harness.wall.advance(by: 29 * 60)
        try await harness.run(["nav", "122639"])
        #expect(harness.requestPaths == ["/mf/122639"])
        harness.wall.advance(by: 2 * 60)
        try await harness.run(["nav", "122639"])
        #expect(harness.requestPaths == ["/mf/122639", "/mf/122639"])
    }

    @Test("the list is fresh for an hour")
    func listTTL() async throws {
        let harness = Harness()
        try await harness.run(["search", "dsp"])
        harness.wall.advance(by: 59 * 60)
        try await harness.run(["search", "birla"])
        #expect(harness.requestPaths == ["/mf"])
        harness.wall.advance(by: 2 * 60)
        try await harness.run(["search", "birla"])
        #expect(harness.requestPaths == ["/mf", "/mf"])
    }

    @Test("TTLs are configurable")
    func configurableTTL() async throws {
        let harness = Harness()
        let environment = ["FOLIO_FUNDS_HISTORY_TTL": "2h", "FOLIO_FUNDS_LIST_TTL": "90s"]
        try await harness.run(["nav", "122639"], environment: environment)
        try await harness.run(["search", "dsp"], environment: environment)
        harness.wall.advance(by: 100 * 60)
        try await harness.run(["nav", "122639"], environment: environment)
        try await harness.run(["search", "dsp"], environment: environment)
        #expect(harness.requestPaths == ["/mf/122639", "/mf", "/mf"])
        let bad = await folioError {
            try await harness.run(["nav", "122639"], environment: ["FOLIO_FUNDS_HISTORY_TTL": "soon"])
        }
        #expect(bad?.kind == .usage)
        #expect(bad?.what.contains("FOLIO_FUNDS_HISTORY_TTL") == true)
    }

    @Test("stale-if-error: with the API failing, the expired copy is served and called stale, as of when")
    func staleIfError() async throws {
        let harness = Harness()
        try await harness.run(["show", "122639"])
        harness.wall.advance(by: 3 * 3600)
        for behaviour in [Harness.Behaviour.failing(status: 500), .failing(status: 503), .down] {
            harness.set(behaviour)
            let terminal = try await harness.run(["show", "122639", "--format", "json"])
            let json = try JSONSerialization.jsonObject(with: Data(terminal.output.utf8)) as! [String: Any]
            #expect(json["stale"] as? Bool == true)
            #expect(json["asOf"] as? String == "2026-09-05T09:20:00Z")
            #expect(terminal.errors.contains("warning: NAV history of 122639: stale, as of "))
            #expect(terminal.errors.contains("(3h ago)"))
            #expect(terminal.errors.contains("could not reach the MF API's history of scheme 122639: the MF API "))
        }
    }

    @Test("with nothing cached and the API down: exit 69 naming what could not be had, not its URL")
    func nothingCached() async throws {
        let harness = Harness()
        harness.set(.down)
        let error = await folioError { try await harness.run(["show", "122639"]) }
        #expect(error?.exitCode == 69)
        #expect(error?.what == "the MF API's history of scheme 122639 is unavailable and nothing is cached")
        harness.set(.failing(status: 502))
        let listError = await folioError { try await harness.run(["search", "hdfc"]) }
        #expect(listError?.exitCode == 69)
        #expect(listError?.what.contains("the MF API's scheme list") == true)
    }

    @Test("--offline never touches the network: cached data (stale or not), or exit 69")
    func offline() async throws {
        let harness = Harness()
        let missing = await folioError { try await harness.run(["show", "122639"], offline: true) }
        #expect(missing?.exitCode == 69)
        #expect(missing?.what == "no cached copy of the MF API's history of scheme 122639")
        #expect(harness.requestPaths.isEmpty)
        try await harness.run(["show", "122639"])
        try await harness.run(["search", "dsp"])
        harness.wall.advance(by: 24 * 3600)
        let terminal = try await harness.run(["show", "122639"], offline: true)
        #expect(terminal.output.contains("Parag Parikh Flexi Cap Fund"))
        #expect(terminal.errors.contains("stale, as of"))
        #expect(terminal.errors.contains("--offline uses the cache only"))
        let search = try await harness.run(["search", "dsp", "gilt"], offline: true)
        #expect(search.output.contains("DSP Gilt Fund"))
        #expect(harness.requestPaths == ["/mf/122639", "/mf"])
    }

    @Test("--refresh fetches even when fresh; with --offline it is a usage error")
    func refresh() async throws {
        let harness = Harness()
        try await harness.run(["nav", "122639"])
        try await harness.run(["nav", "122639", "--refresh"])
        #expect(harness.requestPaths == ["/mf/122639", "/mf/122639"])
        harness.set(.down)
        let terminal = try await harness.run(["nav", "122639", "--refresh"])
        #expect(terminal.errors.contains("stale, as of"))
        let error = await folioError { try await harness.run(["nav", "122639", "--refresh"], offline: true) }
        #expect(error?.kind == .usage)
    }

    @Test("a refused or unreadable answer is reported, not hidden behind a stale copy")
    func nonTransientFailures() async throws {
        let harness = Harness()
        try await harness.run(["nav", "122639"])
        harness.set(.failing(status: 404))
        let notFound = await folioError { try await harness.run(["nav", "122639", "--refresh"]) }
        #expect(notFound?.exitCode == 1)
        #expect(notFound?.what == "no such scheme 122639")
    }

    @Test("a configured MF API URL answering 404 for the scheme list is a configuration error (64), not an outage")
    func configuredURLNotFound() async throws {
        let harness = Harness()
        harness.set(.failing(status: 404))
        let error = await folioError {
            try await harness.run(["search", "hdfc"], environment: ["FOLIO_MFAPI_URL": "http://mfapi.test/wrong"])
        }
        #expect(error?.exitCode == 64)
        #expect(error?.what == "the MF API address has no scheme list")
        #expect(error?.why == "it answered 404 Not Found")
    }
}
