import ETFAnalyzer
import Foundation
import Money
import Persistence
import Testing

/// An ETF says what it holds (issue 38): an optional `asset_class` column or `assetClass` key, equity when left out.
@Suite("ETF asset classes")
struct AssetClassTests {
    let header = "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price"

    func read(_ text: String) throws(PortfolioInputError) -> PortfolioDocument {
        try PortfolioReader.read(plainTable(text), defaultAnalysisDate: day("2025-05-26"))
    }

    @Test("CSV: each word reads as its class, commodity counts as other, empty and absent are equity")
    func csvWords() throws {
        let rows = [
            ("equity", HoldingClass.equity), ("Debt", .debt), ("bonds", .debt), ("property", .property),
            ("commodity", .other), ("crypto", .crypto), ("cash", .cash), ("hybrid", .hybrid), ("", .equity),
        ]
        let text =
            header + ",asset_class\n"
            + rows.enumerated().map { "F\($0.offset),0,0,1,1,2024-01-01,1,\($0.element.0)" }.joined(separator: "\n")
        let holdings = try read(text).holdings
        #expect(holdings.map(\.holdingClass) == rows.map(\.1))
        #expect(holdings.last?.assetClass == nil)
        #expect(try read(header + "\nF,0,0,1,1,2024-01-01,1\n").holdings.first?.holdingClass == .equity)
    }

    @Test("a class folio does not know is refused naming its row and column, with the classes it knows")
    func refused() {
        do {
            _ = try read(header + ",asset_class\nA,0,0,1,1,2024-01-01,1,equity\nB,0,0,1,1,2024-01-01,1,gold bars\n")
            Issue.record("a wrong class was read")
        } catch {
            #expect(error.issues.count == 1)
            let issue = error.issues[0]
            #expect(issue.row == 2 && issue.column == "asset_class")
            #expect(issue.message.hasPrefix("\"gold bars\" is not an asset class — write equity, debt, property"))
            #expect("\(issue)".contains("row 2"), "\(issue)")
        }
    }

    @Test("JSON: assetClass is read, a wrong kind refused, a file written back keeps it")
    func json() throws {
        let text = """
            [{"name": "AGG", "expenseRatio": 0.03, "yield": 3.5, "shares": 1, "purchasePrice": 1,
              "purchaseDate": "2024-01-01", "currentPrice": 1, "assetClass": "bonds"},
             {"name": "VTI", "expenseRatio": 0.03, "yield": 1, "shares": 1, "purchasePrice": 1,
              "purchaseDate": "2024-01-01", "currentPrice": 1}]
            """
        let document = try PortfolioReader.read(json: text, defaultAnalysisDate: day("2025-05-26"))
        #expect(document.holdings.map(\.holdingClass) == [.debt, .equity])
        let encoded = try JSONEncoder().encode(document.holdings)
        #expect(try JSONDecoder().decode([ETFHolding].self, from: encoded) == document.holdings)
        do {
            _ = try PortfolioReader.read(
                json: text.replacingOccurrences(of: "\"bonds\"", with: "true"),
                defaultAnalysisDate: day("2025-05-26"))
            Issue.record("a boolean class was read")
        } catch {
            #expect(error.issues.first?.column == "assetClass" && error.issues.first?.row == 1)
        }
    }

    @Test(
        "a saved portfolio keeps each ETF's class and its value source's holdings carry it; old records read as equity")
    func savedAndValued() async throws {
        let store = InMemoryDatabase().store(namespace: "etf")
        let saved = SavedPortfolios(store: store)
        var bonds = holding("AGG", shares: "2", now: "50")
        bonds.assetClass = .debt
        let portfolio = SavedPortfolio(
            name: "mix", savedAt: Date(timeIntervalSince1970: 1_700_000_000), source: "p.csv",
            holdings: [holding("VTI", shares: "1", now: "300"), bonds])
        try await saved.save(portfolio, replace: false)
        #expect(try await saved.load("mix") == portfolio)
        let value = try await saved.value(of: "mix")
        #expect(value.holdings.map(\.assetClass) == [.equity, .debt])
        #expect(value.holdings.map(\.value) == [dec("300"), dec("100")])
        // A holding without a class is stored without the key, as every portfolio saved before it existed: equity.
        let plain = try JSONEncoder().encode(holding("X"))
        #expect(!String(decoding: plain, as: UTF8.self).contains("assetClass"))
        #expect(try JSONDecoder().decode(ETFHolding.self, from: plain).holdingClass == .equity)
    }
}
