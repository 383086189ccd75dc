import Failures
import MutualFunds
import Testing

@testable import MutualFundsPortfolio

/// casparser's CSV export read through the CSVText kernel: quoted fields, blank lines and the width rule.
@Suite struct CASCSVReadingTests {
    static let header = "amc,folio,scheme,isin,amfi,date,description,amount,units,nav,balance,type"

    @Test func quotedFieldsWithCommasAndBlankLinesAreRead() throws {
        let text = """
            \(Self.header)
            "Axis Mutual Fund","910/12,34","Axis Bluechip Fund - Direct Growth",INF846K01DP8,120465,2021-01-04,\
            "Purchase, SIP",5000.00,112.345,44.5060,112.345,PURCHASE_SIP

            """
        let statement = try CASStatement.csv(text)
        #expect(statement.schemes.count == 1)
        let scheme = try #require(statement.schemes.first)
        #expect(scheme.folio == "910/12,34")
        #expect(scheme.amfi == 120465)
        #expect(scheme.transactions.first?.description == "Purchase, SIP")
    }

    @Test func aRowWiderThanTheHeaderIsRefusedWithItsLine() {
        let text = """
            \(Self.header)
            Axis,910,Axis Bluechip,INF846K01DP8,120465,2021-01-04,Purchase,5,000.00,112.345,44.5060,112.345,PURCHASE
            """
        let error = #expect(throws: FolioError.self) { try CASStatement.csv(text) }
        #expect(error?.why?.contains("line 2") == true)
        #expect(error?.why?.contains("13 fields where the header has 12") == true)
    }

    @Test func anEmptyFileSaysSo() {
        let error = #expect(throws: FolioError.self) { try CASStatement.csv("\n\n") }
        #expect(error?.why == "the file is empty")
    }
}
