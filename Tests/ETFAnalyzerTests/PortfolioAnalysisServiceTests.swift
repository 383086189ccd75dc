import ETFAnalyzer
import Foundation
import Money
import Persistence
import Testing
import Timing
import TimingTesting

/// The ETF use cases through the domain alone, as a reusing app calls them.
@Suite("PortfolioAnalysisService")
struct PortfolioAnalysisServiceTests {
    let service = PortfolioAnalysisService(
        store: InMemoryDatabase().store(namespace: "etf"),
        timing: .test(now: Date(timeIntervalSince1970: 1_748_260_800)))

    @Test("a saved portfolio is analysed at the date asked for, or today; computed money at the currency's minor unit")
    func analyzeSaved() async throws {
        let holdings = [holding("A", yield: "3", shares: "7", buy: "100", bought: "2024-01-01", now: "110")]
        #expect(try await service.save("core", holdings: holdings, source: "p.csv", replace: false) == false)
        let dated = try await service.analyze(saved: "CORE", asOf: day("2024-07-01"))
        #expect(dated.etfs[0].analysisDate == day("2024-07-01"))
        let today = try await service.analyze(saved: "core", asOf: nil, currency: "JPY")
        #expect(today.etfs[0].analysisDate == day("2025-05-26"))
        #expect(today.currency == "JPY")
        // 700 × 3 % × 511 / 365 = 29.4; the JSON gives 29 for yen.
        #expect(today.rows[0].fields[6] == "29")
    }

    @Test("refusals are typed: an unknown name, a date before a purchase, a name taken")
    func refusals() async throws {
        await #expect(throws: SavedPortfolioError.notFound("nothing")) {
            try await service.analyze(saved: "nothing", asOf: nil)
        }
        _ = try await service.save("core", holdings: [holding(bought: "2024-01-01")], source: "p.csv", replace: false)
        await #expect(throws: PortfolioInputError.self) {
            try await service.analyze(saved: "core", asOf: day("2023-12-31"))
        }
        await #expect(throws: SavedPortfolioError.exists("core")) {
            try await service.save("core", holdings: [holding()], source: "q.csv", replace: false)
        }
    }

    @Test("the list gives each portfolio's ETFs and what was invested; delete removes one")
    func listAndDelete() async throws {
        _ = try await service.save(
            "b", holdings: [holding(shares: "2", buy: "50.5"), holding()], source: "b.csv", replace: false)
        _ = try await service.save("a", holdings: [holding()], source: "a.csv", replace: false)
        let list = try await service.list()
        #expect(list.map(\.name) == ["a", "b"])
        #expect(list[1].etfs == 2 && list[1].invested == dec("1101"))
        try await service.delete("A")
        #expect(try await service.list().map(\.name) == ["b"])
    }
}
