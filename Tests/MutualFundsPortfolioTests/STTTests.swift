import Foundation
import Money
import MutualFunds
import MutualFundsPortfolio
import Testing

/// STT on redemptions of equity-oriented units: the full value of consideration is the units at the redemption NAV
/// (what was sold, before any tax), STT is never a transfer expense (s. 48, second proviso: no deduction for sums
/// paid as securities transaction tax), and it is taken from the statement's STT row once — a redemption amount
/// already net of STT does not lower the consideration a second time.
@Suite("STT on equity redemptions (s. 48)")
struct STTTests {
    /// 100 units bought at 10 on 2019-01-01 (stamp duty 0.05); 60 redeemed at 20 on 2024-10-01 with 0.01 STT. The
    /// redemption's amount is `redeemed`: the gross 1200, or 1199.99 on a statement that prints it net of STT.
    static func statement(redeemed: String) -> Data {
        let json = """
            {"cas_type":"DETAILED","folios":[{"folio":"7 / 0","amc":"A","schemes":[
            {"scheme":"Equity Fund - Direct Plan - Growth","isin":"INF000000E01","amfi":"900001","type":"EQUITY","open":"0","close":"40","transactions":[
             {"date":"2019-01-01","description":"p","amount":"1000","units":"100","nav":"10","balance":"100","type":"PURCHASE"},
             {"date":"2019-01-01","description":"s","amount":"0.05","units":null,"nav":null,"balance":null,"type":"STAMP_DUTY_TAX"},
             {"date":"2024-10-01","description":"r","amount":"-\(redeemed)","units":"-60","nav":"20","balance":"40","type":"REDEMPTION"},
             {"date":"2024-10-01","description":"t","amount":"0.01","units":null,"nav":null,"balance":null,"type":"STT_TAX"}]}
            ]}]}
            """
        return Data(json.utf8)
    }

    static func app() -> PortfolioApp {
        PortfolioApp(answers: [
            "/mf/900001": PortfolioApp.historyBody(
                code: 900001, name: "Equity Fund - Direct Plan - Growth",
                points: [("2019-01-01", "10"), ("2024-10-01", "20")])
        ])
    }

    @Test(
        "the gain and Schedule 112A count the consideration gross and no transfer expense, the STT row shown once",
        arguments: ["1200", "1199.99"])
    func consideration(redeemed: String) async throws {
        let app = Self.app()
        _ = try await app.service.importStatement(Self.statement(redeemed: redeemed))
        let gains = try await app.service.gains(financialYear: "2024-25")
        let lot = try #require(gains.rows.first)
        #expect(gains.rows.count == 1)
        // 60 units of the 100 carry 0.03 of the 0.05 stamp duty: cost 600.03.
        #expect(lot.saleValue == Amount(1200) && lot.stt == Amount("0.01")!)
        #expect(lot.longTermGain == Amount("599.97")! && lot.shortTermGain == .zero)
        let tax = try await app.service.tax(financialYear: "2024-25")
        let row = try #require(tax.schedule112A.first)
        #expect(row.fullValue == Amount(1200) && row.transferExpenses == .zero)
        #expect(row.costOfAcquisition == Amount("600.03")! && row.totalDeductions == Amount("600.03")!)
        #expect(row.balance == Amount("599.97")!)
        let line = try #require(tax.lines.first { $0.section == "112A" })
        #expect(line.saleValue == Amount(1200) && line.gain == Amount("599.97")!)
    }

    @Test("the XIRR's cash flows pay STT once: its row when the redemption is printed gross, nothing more when net")
    func cashFlows() async throws {
        for (redeemed, flows) in [
            ("1200", ["-1000", "-0.05", "1200", "-0.01"]), ("1199.99", ["-1000", "-0.05", "1199.99"]),
        ] {
            let app = Self.app()
            _ = try await app.service.importStatement(Self.statement(redeemed: redeemed))
            let position = try #require(try await app.service.positions().first)
            #expect(position.flows.map(\.amount) == flows.map { Amount($0)! }, "redeemed \(redeemed)")
        }
    }
}
