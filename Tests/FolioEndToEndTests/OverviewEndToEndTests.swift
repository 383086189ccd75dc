import FeatureKitTesting
import Foundation
import Testing

/// `folio overview` typed at the built binary (issue 38 item 1): the JSON's allocation adds up, a linked source is
/// counted once, CSV has its columns, and a bad range is refused naming the flag.
@Suite struct OverviewEndToEndTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A money figure in whole pence (JSONSerialization reads numbers as binary floating point).
    static func decimal(_ value: Any?) -> Int? { (value as? NSNumber).map { Int(($0.doubleValue * 100).rounded()) } }

    @Test(
        "the sample household: net worth, changes, a trend, an allocation that adds up, and the paper account to link")
    func sampleHousehold() async throws {
        try await FolioBinary.withTemporaryHome { home in
            #expect(try await FolioBinary.run(["networth", "sample"], home: home).exitCode == 0)
            let run = try await FolioBinary.run(
                ["--offline", "overview", "--format", "json", "--range", "max"], home: home)
            #expect(run.exitCode == 0, "\(run.stderr)")
            let report = try Self.json(run.stdout)
            let netWorth = try #require(report["netWorth"] as? [String: Any])
            let summary = try Self.json(
                try await FolioBinary.run(["networth", "summary", "--format", "json"], home: home).stdout)
            #expect(Self.decimal(netWorth["net"]) == Self.decimal(summary["netWorth"]))
            #expect((report["changes"] as? [[String: Any]])?.map { $0["period"] as? String } == ["today", "1M", "1Y"])
            let trend = try #require(report["trend"] as? [String: Any])
            #expect(trend["range"] as? String == "Max")
            #expect(((trend["points"] as? [Any])?.count ?? 0) > 10)
            let allocation = try #require(report["allocation"] as? [String: Any])
            let total = try #require(Self.decimal(allocation["total"]))
            for key in ["byClass", "byCurrency"] {
                let slices = try #require(allocation[key] as? [[String: Any]])
                #expect(slices.compactMap { Self.decimal($0["value"]) }.reduce(0, +) == total, "\(key)")
            }
            let suggestions = try #require(report["suggestions"] as? [[String: Any]])
            let paper = try #require(
                suggestions.first { ($0["source"] as? String)?.hasPrefix("stocks:portfolio/") == true })
            let source = try #require(paper["source"] as? String)
            #expect(try #require(Self.decimal(allocation["outsideNetWorth"])) > 0)

            // Linked, the paper account is counted once: inside net worth now, and no longer suggested.
            let link = try await FolioBinary.run(
                [
                    "--offline", "networth", "accounts", "add", "--name", "Paper", "--type", "investment",
                    "--linked-to", source,
                ],
                home: home)
            #expect(link.exitCode == 0, "\(link.stderr)")
            let after = try Self.json(
                try await FolioBinary.run(["--offline", "overview", "--format", "json"], home: home).stdout)
            let allocationAfter = try #require(after["allocation"] as? [String: Any])
            #expect(Self.decimal(allocationAfter["outsideNetWorth"]) == 0)
            #expect((after["suggestions"] as? [[String: Any]])?.contains { $0["source"] as? String == source } == false)
            let totalAfter = try #require(Self.decimal(allocationAfter["total"]))
            let assetsAfter = try #require(Self.decimal((after["netWorth"] as? [String: Any])?["assets"]))
            #expect(totalAfter == assetsAfter, "everything held is what net worth counts, each value once")
        }
    }

    @Test("CSV has its columns; a range that is none is refused naming --range; the table names the figures")
    func formatsAndRefusals() async throws {
        try await FolioBinary.withTemporaryHome { home in
            #expect(try await FolioBinary.run(["networth", "sample"], home: home).exitCode == 0)
            let csv = try await FolioBinary.run(["--offline", "overview", "--format", "csv"], home: home)
            #expect(csv.exitCode == 0, "\(csv.stderr)")
            #expect(csv.stdout.hasPrefix("section,key,label,value,currency,share,date"))
            #expect(csv.stdout.contains("netWorth,net,Net worth,"))
            let bad = try await FolioBinary.run(["--offline", "overview", "--range", "2W"], home: home)
            #expect(bad.exitCode == 1)
            #expect(bad.stderr.contains("--range: \"2W\" is not a range"), "\(bad.stderr)")
            let table = try await FolioBinary.run(["--offline", "overview"], home: home)
            #expect(table.exitCode == 0)
            #expect(table.stdout.contains("Net worth ") && table.stdout.contains("Allocation of "), "\(table.stdout)")
        }
    }
}
