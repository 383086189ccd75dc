import Foundation
import Money
import MutualFunds
import Testing

@Suite("casparser's real CSV export imports as its JSON does")
struct CSVImportOracleTests {
    @Test("generated statements: the same transactions, ids and gains from casparser's CSV as from its JSON", arguments: [1, 2, 3])
    func sameAsJSON(seed: Int) async throws {
        var generator = StatementGenerator(seed: UInt64(seed))
        let json = generator.generate(schemes: 5, folios: 2, events: 150)
        let csv = try await CasparserOracle.csv(statement: json)
        #expect(String(decoding: csv, as: UTF8.self).hasPrefix("amc,folio,pan,scheme,advisor,isin,amfi,date,"))
        // The CSV has no scheme type: its debt schemes are told by the MF API category, as the JSON's by its type.
        var answers: [String: Data] = [:]
        for scheme in generator.schemes {
            answers["/mf/\(scheme.code)"] = PortfolioApp.historyBody(
                code: scheme.code, name: scheme.name, category: scheme.category,
                points: [("2018-01-31", generator.navsOn31Jan2018[scheme.isin]!), ("2026-06-30", "100")])
        }
        let fromJSON = PortfolioApp(answers: answers)
        let fromCSV = PortfolioApp(answers: answers)
        let jsonReport = try await fromJSON.service.importStatement(json)
        let csvReport = try await fromCSV.service.importStatement(csv)
        #expect(csvReport.added == jsonReport.added && csvReport.unreconciled.isEmpty)
        let jsonRows = try await fromJSON.service.portfolioTransactions()
        let csvRows = try await fromCSV.service.portfolioTransactions()
        #expect(csvRows == jsonRows)
        let jsonGains = try await fromJSON.service.gains()
        let csvGains = try await fromCSV.service.gains()
        #expect(csvGains == jsonGains && !csvGains.rows.isEmpty && csvGains.skipped.isEmpty)
        // Re-importing the JSON over the CSV adds nothing: a transaction is the same one in either form.
        #expect(try await fromCSV.service.importStatement(json).added == 0)
    }
}
