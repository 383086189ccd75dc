import ArgumentParser
import FeatureKit
import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing
import Timing
import TimingTesting

@testable import MutualFundsCommands

@Suite("favorites list always lists the favourites")
struct FavoritesListTests {
    /// Two favourites, then an empty cache.
    func harnessWithFavourites() async throws -> Harness {
        let harness = Harness()
        try await harness.run(["favorites", "add", "122639"])
        try await harness.run(["favorites", "add", "119598"])
        try await harness.run(["cache", "clear", "--yes"])
        return harness
    }

    @Test("offline with an empty cache: every favourite listed as unavailable with why, exit 0, no 'stale'")
    func offlineEmptyCache() async throws {
        let harness = try await harnessWithFavourites()
        let terminal = try await harness.run(["favorites", "list"], offline: true)
        #expect(terminal.output.contains("119598 unavailable: no cached copy of the MF API's history of scheme 119598"))
        #expect(terminal.output.contains("122639 unavailable: no cached copy of the MF API's history of scheme 122639"))
        #expect(!terminal.output.contains("stale"))
        let json = try await harness.run(["favorites", "list", "--format", "json"], offline: true)
        let rows = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as! [[String: Any]]
        #expect(rows.map { $0["code"] as! Int } == [119598, 122639])
        #expect(rows.allSatisfy { $0["nav"] is NSNull && $0["error"] is String && $0["stale"] as? Bool == false })
    }

    @Test("the API failing with nothing cached: listed as unavailable with the API's failure, exit 0")
    func apiFailing() async throws {
        let harness = try await harnessWithFavourites()
        harness.set(.failing(status: 500))
        let terminal = try await harness.run(["favorites", "list"])
        #expect(terminal.output.contains("119598 unavailable:"))
        #expect(terminal.output.contains("122639 unavailable:"))
        #expect(terminal.output.contains("CODE"))
    }

    @Test("the footer says 'some stale' only when a listed figure is stale")
    func staleFooter() async throws {
        let harness = try await harnessWithFavourites()
        try await harness.run(["nav", "122639"])
        let fresh = try await harness.run(["favorites", "list"], offline: true).output
        #expect(fresh.contains("Data as of"))
        #expect(!fresh.contains("some stale"))
        harness.wall.advance(by: 45 * 60)
        harness.set(.down)
        let stale = try await harness.run(["favorites", "list"]).output
        #expect(stale.contains("some stale"))
    }
}
