import FeatureKitTesting
import Foundation
import Testing

/// `folio features` names what each feature adds to the household view and the agenda (issue 38).
@Suite struct FeaturesContributionsEndToEndTests {
    @Test(
        "folio features lists each feature's alert kinds, value sources, books, agenda, card, page and settings, as text and JSON"
    )
    func listsContributions() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let json = try await FolioBinary.run(["features", "--format", "json"], home: home)
            #expect(json.exitCode == 0, "\(json.stderr)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            let byID = Dictionary(
                uniqueKeysWithValues: rows.compactMap { row in (row["id"] as? String).map { ($0, row) } })
            let races = try #require(byID["races"])
            #expect(races["alertKinds"] as? [String] == ["race"])
            #expect(races["agenda"] as? Bool == true)
            #expect(races["household"] as? Bool == false)
            #expect(races["dashboardCard"] as? Bool == true)
            #expect(races["page"] as? String == "/races")
            #expect(races["settings"] as? [String] == ["races.url", "races.refresh"])
            let networth = try #require(byID["networth"])
            #expect(networth["household"] as? Bool == true)
            #expect(networth["alertKinds"] as? [String] == ["networth"])
            #expect(byID["etf"]?["valueSources"] as? [String] == ["etf:saved/<NAME>"])
            #expect(byID["etf"]?["alertKinds"] as? [String] == [])
            #expect(byID["stocks"]?["alertKinds"] as? [String] == ["stock"])
            #expect(byID["funds"]?["alertKinds"] as? [String] == ["fund"])

            let text = try await FolioBinary.run(["features"], home: home)
            #expect(text.exitCode == 0)
            #expect(text.stdout.contains("Contributions:"))
            #expect(
                text.stdout.contains(
                    "  races: alerts race; agenda; dashboard card; page /races; settings races.url, races.refresh"),
                "\(text.stdout)")
            #expect(text.stdout.contains("  networth: alerts networth; household books"), "\(text.stdout)")
            #expect(text.stdout.contains("  etf: value sources etf:saved/<NAME>"), "\(text.stdout)")
        }
    }
}
