import Foundation
import Money
import MutualFundsPortfolio
import NetworkingTesting
import Testing

/// folio's Schedule 112A CSV against casparser 1.4.1's `generate_112a_csv_data` on the same statement.
///
/// The header is the same text; the cells are the same except columns 4 and 5 of rows acquired after
/// 31-Jan-2018, where casparser writes 0 ("not used") and folio the units and sale price per unit the form's
/// columns name (the utility multiplies 4 × 5 into 6 for every row).
@Suite("Schedule 112A against casparser 1.4.1")
struct Schedule112AOracleTests {
    @Test("the shared statement, FY 2022-23: same header, same cells but the units and price of AE rows")
    func sharedFixture() async throws {
        let data = try Fixtures.data("cas/hilla-folioman_upload-03_icici_nn50.json")
        let casparser = try await CasparserOracle.python(
            "gains_112a.py", statement: data, extra: Data(#"{"fy": "2022-23"}"#.utf8))
        let theirs = String(decoding: casparser, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
        let app = PortfolioApp()
        _ = try await app.service.importStatement(data, allowMismatch: true)
        let report = try await app.service.tax(financialYear: "2022-23")
        let header = Schedule112ARow.header(financialYear: "2022-23")
        #expect(theirs.first == header.joined(separator: ","))
        #expect(report.schedule112A.count == theirs.count - 1)
        for (row, line) in zip(report.schedule112A, theirs.dropFirst()) {
            var ours = row.cells(financialYear: "2022-23")
            var cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect(ours[0] == "AE" && cells[3] == "0" && cells[4] == "0")
            ours.removeSubrange(3...4)
            cells.removeSubrange(3...4)
            #expect(ours == cells)
        }
    }

    @Test("FY 2024-25's header carries column 1b, as casparser's")
    func header2024() async throws {
        let data = try Fixtures.data("cas/hilla-folioman_upload-03_icici_nn50.json")
        let casparser = try await CasparserOracle.python(
            "gains_112a.py", statement: data, extra: Data(#"{"fy": "2024-25"}"#.utf8))
        let first = String(decoding: casparser, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
        #expect(first == Schedule112ARow.header(financialYear: "2024-25").joined(separator: ","))
    }
}
