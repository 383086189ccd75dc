import ETFAnalyzer
import Foundation
import Money
import Persistence
import Testing

@Suite("Saved portfolios")
struct SavedPortfoliosTests {
    let saved = SavedPortfolios(store: InMemoryDatabase().store(namespace: "etf"))
    let when = Date(timeIntervalSince1970: 1_700_000_000)

    func portfolio(_ name: String, count: Int = 1) -> SavedPortfolio {
        SavedPortfolio(name: name, savedAt: when, source: "p.csv", holdings: Array(repeating: holding(), count: count))
    }

    @Test("save, load in any case, list by name, delete")
    func lifecycle() async throws {
        #expect(try await saved.save(portfolio("Retirement", count: 2), replace: false) == false)
        try await saved.save(portfolio("bonds"), replace: false)
        #expect(try await saved.load("retirement").holdings.count == 2)
        #expect(try await saved.load("RETIREMENT").name == "Retirement")
        #expect(try await saved.all().map(\.name) == ["bonds", "Retirement"])
        #expect(try await saved.exists("Bonds"))
        try await saved.delete("BONDS")
        #expect(try await saved.all().map(\.name) == ["Retirement"])
    }

    @Test("a name is never silently replaced")
    func replace() async throws {
        try await saved.save(portfolio("core"), replace: false)
        await #expect(throws: SavedPortfolioError.exists("Core")) {
            try await saved.save(portfolio("Core", count: 3), replace: false)
        }
        #expect(try await saved.load("core").holdings.count == 1)
        #expect(try await saved.save(portfolio("Core", count: 3), replace: true))
        #expect(try await saved.load("core").holdings.count == 3)
    }

    @Test("bad names and missing portfolios")
    func errors() async throws {
        for name in ["", "has space", "-dash", "ünïcode", String(repeating: "a", count: 65), "a/b"] {
            #expect(throws: SavedPortfolioError.invalidName(name)) { try SavedPortfolios.validate(name: name) }
        }
        try SavedPortfolios.validate(name: "ok_name-1.v2")
        await #expect(throws: SavedPortfolioError.notFound("nope")) { try await saved.load("nope") }
        await #expect(throws: SavedPortfolioError.notFound("nope")) { try await saved.delete("nope") }
    }

    @Test("holdings survive the store exactly")
    func codable() async throws {
        let original = SavedPortfolio(
            name: "x", savedAt: when, source: "stdin",
            holdings: [holding("A, Inc", er: "0.035", yield: "1.23456789", shares: "0.001", asOf: "2025-01-01")])
        try await saved.save(original, replace: false)
        #expect(try await saved.load("x") == original)
    }
}

extension SavedPortfoliosTests {
    @Test("issue 38: a saved portfolio's value says what it is made of, each ETF; the names list the sources")
    func valueHoldings() async throws {
        try await saved.save(portfolio("core", count: 2), replace: false)
        let value = try await saved.value(of: "core")
        #expect(value.holdings.count == 2)
        #expect(value.holdings.allSatisfy { $0.assetClass == .equity && $0.currency == "USD" })
        #expect(try value.holdings.map(\.value).sum() == value.amount)
        #expect(try await saved.names() == ["core"])
    }
}
