import Foundation
import Money
import MutualFunds
import NetworkingTesting
import Testing
import Timing

@Suite("Decoding the MF API's recorded answers")
struct DecodingTests {
    @Test("every fixture file decodes")
    func everyFixtureDecodes() throws {
        let files = try Fixtures.files(in: "mfapi")
        #expect(files.count == 6)
        for file in files {
            let data = try Fixtures.data(file)
            if file.contains("list_") || file.contains("search_") {
                let list = try MFAPIDecoding.schemeList(from: data)
                #expect(!list.schemes.isEmpty, "\(file)")
                #expect(list.skippedRows == 0, "\(file)")
            } else if file.contains("derived_") {
                for code in ["100027", "100042"] {
                    let body = try MFAPIDecoding.historyBody(from: try TestData.derivedScheme(code))
                    #expect(body.points.count == 2)
                }
            } else {
                let body = try MFAPIDecoding.historyBody(from: data)
                #expect(body.skippedRows == 0, "\(file)")
                #expect(body.points.count == body.rowCount, "\(file)")
                #expect(body.status == "SUCCESS")
            }
        }
    }

    @Test("the scheme list: codes as numbers, null ISINs, raw names kept")
    func schemeList() throws {
        let list = try MFAPIDecoding.schemeList(from: Fixtures.data("mfapi/list_sample_first50.json"))
        #expect(list.schemes.count == 50)
        #expect(
            list.schemes[0]
                == Scheme(code: 100027, name: "Grindlays Super Saver Income Fund-GSSIF-Half Yearly Dividend"))
        let weekly = try #require(list.schemes.first { $0.code == 100048 })
        #expect(weekly.name == "Aditya Birla Sun Life Liquid Fund -Institutional - weekly  IDCW")
        #expect(weekly.isinGrowth == "INF209KA1LK7")
        #expect(weekly.isinDivReinvestment == "INF209K01KY6")
        let growth = try #require(list.schemes.first { $0.code == 100033 })
        #expect(growth.isinGrowth == "INF209K01165")
        #expect(growth.isinDivReinvestment == nil)
    }

    @Test("the search answer has codes and names only")
    func searchAnswer() throws {
        let list = try MFAPIDecoding.schemeList(from: Fixtures.data("mfapi/search_q_hdfc_5results.json"))
        #expect(list.schemes.map(\.code) == [117991, 118002, 118018, 118185, 118215])
        #expect(list.schemes.allSatisfy { $0.isinGrowth == nil && $0.isinDivReinvestment == nil })
        #expect(list.schemes[0].name == "HDFC FMP 371D October 2012 (1)-Flexi Option")
    }

    @Test("a full history: newest-first input comes out oldest first, 5-decimal NAVs exact, weekend point kept")
    func fullHistory() throws {
        let history = try TestData.fixtureHistory("scheme_122639_history_full_3266pts.json", code: 122639)
        #expect(history.points.count == 3266)
        #expect(history.points.first == NAVPoint(date: TestData.date("2013-05-28"), nav: Amount("9.9992")!))
        #expect(history.latest == NAVPoint(date: TestData.date("2026-09-04"), nav: Amount("90.5289")!))
        #expect(zip(history.points, history.points.dropFirst()).allSatisfy { $0.date < $1.date })
        let sunday = try #require(history.points.first { $0.date == TestData.date("2024-03-31") })
        #expect(sunday.date.weekday == 7)
        #expect(sunday.nav == Amount("74.8685"))
        #expect(history.meta.fundHouse == "PPFAS Mutual Fund")
        #expect(history.meta.schemeCategory == "Equity Scheme - Flexi Cap Fund")
        #expect(history.meta.code == 122639)
        #expect(history.meta.isinGrowth == "INF879O01027")
        #expect(history.meta.isinDivReinvestment == nil)
        #expect(history.series.values.last == 90.5289)
    }

    @Test("Axis: 2-decimal NAVs padded to 5, repeated NAVs and a Sunday point")
    func axisMidcap() throws {
        let history = try TestData.fixtureHistory("scheme_120505_axis_midcap_direct_100pts.json", code: 120505)
        #expect(history.points.count == 100)
        #expect(history.latest?.nav == Amount("144.13"))
        let sunday = try #require(history.points.first { $0.date == TestData.date("2026-05-31") })
        #expect(sunday.date.weekday == 7)
        let same = history.points.filter { $0.nav == sunday.nav }
        #expect(same.count >= 2)
    }

    @Test("the dead fund and the AMFI header glitch")
    func derivedSchemes() throws {
        let dead = try MFAPIDecoding.historyBody(from: try TestData.derivedScheme("100027"))
        #expect(dead.meta.schemeCategory == "Income")
        #expect(dead.meta.isinGrowth == nil && dead.meta.isinDivReinvestment == nil)
        let history = NAVHistory(code: 100027, meta: dead.meta, points: dead.points)
        #expect(history.latest?.date == TestData.date("2008-05-29"))
        #expect(history.ageInDays(today: TestData.date("2026-11-22")) == 6751)
        let glitch = try MFAPIDecoding.historyBody(from: try TestData.derivedScheme("100042"))
        #expect(glitch.meta.schemeType == "360 ONE Mutual Fund")
        #expect(glitch.meta.schemeCategory == "Formerly Known as IIFL Mutual Fund")
    }

    @Test("codes as numeric strings, NAVs as JSON numbers")
    func flexibleTypes() throws {
        let list = try MFAPIDecoding.schemeList(
            from: Data(
                #"[{"schemeCode":"122639","schemeName":" Parag Parikh Flexi Cap Fund ","isinGrowth":"INF879O01027"}]"#
                    .utf8))
        #expect(list.schemes == [Scheme(code: 122639, name: "Parag Parikh Flexi Cap Fund", isinGrowth: "INF879O01027")])
        let body = try MFAPIDecoding.historyBody(
            from: Data(
                #"{"meta":{"scheme_code":"122639","scheme_name":"X"},"data":[{"date":"04-09-2026","nav":90.5289}],"status":"SUCCESS"}"#
                    .utf8))
        #expect(body.meta.code == 122639)
        #expect(body.points == [NAVPoint(date: TestData.date("2026-09-04"), nav: Amount("90.5289")!)])
    }

    @Test("malformed rows are skipped and counted, never fatal")
    func malformedRows() throws {
        let json = """
            {"meta":{"scheme_code":1,"scheme_name":"X"},"data":[
              {"date":"05-01-2024","nav":"10.50000"},
              {"date":"31-02-2024","nav":"10.00000"},
              {"date":"04-01-2024","nav":"N.A."},
              {"date":"03-01-2024","nav":"0.00000"},
              {"date":"02-01-2024"},
              "garbage",
              null,
              {"date":"2024/01/01","nav":"9.00000"},
              {"date":"05-01-2024","nav":"11.00000"},
              {"date":"01-01-2024","nav":"-1"},
              {"date":"29-12-2023","nav":"9.75000"}
            ],"status":"SUCCESS"}
            """
        let body = try MFAPIDecoding.historyBody(from: Data(json.utf8))
        #expect(body.rowCount == 11)
        #expect(body.points.count == 3)
        #expect(body.skippedRows == 8)
        let history = NAVHistory(code: 1, meta: body.meta, points: body.points, skippedRows: body.skippedRows)
        // The repeated 05-01-2024 row is dropped too: first occurrence wins.
        #expect(history.points.map(\.date.iso8601) == ["2023-12-29", "2024-01-05"])
        #expect(history.points.last?.nav == Amount("10.5"))
        #expect(history.skippedRows == 9)

        let list = try MFAPIDecoding.schemeList(
            from: Data(
                #"[{"schemeCode":1,"schemeName":"A"},{"schemeCode":"x","schemeName":"B"},{"schemeCode":2},{"schemeCode":3,"schemeName":"  "},42,{"schemeCode":0,"schemeName":"Z"},{"schemeCode":1,"schemeName":"dup"},{"schemeCode":4,"schemeName":"D","isinGrowth":"","isinDivReinvestment":5}]"#
                    .utf8))
        #expect(list.schemes.map(\.code) == [1, 4])
        #expect(list.skippedRows == 6)
        #expect(list.schemes[1].isinGrowth == nil && list.schemes[1].isinDivReinvestment == nil)
    }

    @Test("the unknown-code answer: HTTP 200, blank meta, empty data")
    func unknownCode() throws {
        let json =
            #"{"meta":{"fund_house":"","scheme_type":"","scheme_category":"","scheme_code":0,"scheme_name":"","isin_growth":null,"isin_div_reinvestment":null},"data":[],"status":"SUCCESS"}"#
        let body = try MFAPIDecoding.historyBody(from: Data(json.utf8))
        #expect(body.rowCount == 0)
        #expect(body.meta.isBlank)
        #expect(body.meta.name == nil && body.meta.fundHouse == nil && body.meta.schemeCategory == nil)
    }

    @Test("bodies that are not what was asked for fail to decode")
    func wrongShapes() {
        #expect(throws: DecodingError.self) { try MFAPIDecoding.schemeList(from: Data(#"{"error":"x"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try MFAPIDecoding.historyBody(from: Data(#"{"error":"x"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try MFAPIDecoding.historyBody(from: Data(#"{"data":"x"}"#.utf8)) }
        #expect(throws: (any Error).self) { try MFAPIDecoding.historyBody(from: Data("<html>".utf8)) }
        #expect(
            MFAPIDecoding.errorMessage(from: Data(#"{"error":"invalid scheme_code"}"#.utf8)) == "invalid scheme_code")
    }
}
