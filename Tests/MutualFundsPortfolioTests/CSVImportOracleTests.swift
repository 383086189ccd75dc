import Foundation
import Money
import MutualFunds
import MutualFundsPortfolio
import Testing

@Suite("casparser's real CSV export imports as its JSON does")
struct CSVImportOracleTests {
    @Test(
        "generated statements: the same transactions, ids and gains from casparser's CSV as from its JSON",
        arguments: [1, 2, 3])
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
        #expect(Self.figures(csvGains) == Self.figures(jsonGains) && !csvGains.rows.isEmpty && csvGains.skipped.isEmpty)
        #expect(zip(csvGains.rows, jsonGains.rows).allSatisfy { $0.treatment == $1.treatment })
        // Re-importing the JSON over the CSV adds nothing: a transaction is the same one in either form.
        #expect(try await fromCSV.service.importStatement(json).added == 0)
    }

    /// The report without what decided each treatment: the CSV export has no scheme type, so its treatments come
    /// from STT or the category where the JSON's come from the statement (the treatments themselves agree).
    static func figures(_ report: GainsReport) -> GainsReport {
        var copy = report
        for index in copy.rows.indices { copy.rows[index].treatmentBasis = .category }
        for index in copy.summary.indices { copy.summary[index].treatmentBasis = .category }
        return copy
    }
}
