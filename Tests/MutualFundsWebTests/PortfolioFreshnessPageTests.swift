import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Networking
import NetworkingTesting
import Testing

/// Issue 39, item 4 on every face: the terminal's table, the page and `/api/funds/portfolio` say the same about how
/// current each NAV is, on the recorded NAVAll.txt of 18-Aug-2026 and 122639's MF API history (to 4-Sep-2026), on
/// 29-Aug-2026.
@Suite("funds portfolio: NAV freshness in the terminal, the page and the API")
struct PortfolioFreshnessPageTests {
    static let statement = """
        {"cas_type":"DETAILED","folios":[{"folio":"9 / 0","amc":"A","schemes":[
        {"scheme":"Parag Parikh Flexi Cap Fund","isin":null,"amfi":"122639","type":"EQUITY","open":"0","close":"10","transactions":[
         {"date":"2018-01-01","description":"p","amount":"200","units":"10","nav":"20","balance":"10","type":"PURCHASE"}]},
        {"scheme":"Axis Midcap Fund","isin":null,"amfi":"120505","type":"EQUITY","open":"0","close":"10","transactions":[
         {"date":"2018-01-01","description":"p","amount":"300","units":"10","nav":"30","balance":"10","type":"PURCHASE"}]},
        {"scheme":"Nippon India Gilt Fund","isin":null,"amfi":"133264","type":"DEBT","open":"0","close":"10","transactions":[
         {"date":"2018-01-01","description":"p","amount":"120","units":"10","nav":"12","balance":"10","type":"PURCHASE"}]}
        ]}]}
        """

    static func setup() throws -> PortfolioSetup {
        let navAll = try Fixtures.data("amfi/amfiindiamirror_NAVAll_2026-08-18_6col.txt")
        let history = try Fixtures.data("mfapi/scheme_122639_history_full_3266pts.json")
        return PortfolioSetup(
            http: StubHTTPClient { request in
                switch request.url.path {
                case "/spages/NAVAll.txt": Networking.HTTPResponse(status: 200, body: navAll, url: request.url)
                case "/mf/122639": Networking.HTTPResponse(status: 200, body: history, url: request.url)
                default: Networking.HTTPResponse(status: 404, body: Data(), url: request.url)
                }
            })
    }

    @Test("the newest NAV with its source; stale with its age; a scheme that stopped is flagged; plan read")
    func everyFace() async throws {
        let setup = try Self.setup()
        _ = try await setup.cli(["show", "122639"])
        try await setup.imported(Self.statement)
        let text = try await setup.cli(["portfolio"])
        #expect(text.contains("2026-09-04 "), "122639 at its MF API NAV, newer than AMFI's: \(text)")
        #expect(text.contains("2026-08-18 stale"))
        #expect(
            text.contains("Axis Midcap Fund [9 / 0]: the NAV is of 2026-08-18 (AMFI's daily file): stale, 11 days old"))
        #expect(text.contains("2018-07-02 inactive"))
        #expect(text.contains("old: probably wound up or merged"))
        #expect(text.contains("By plan") && text.contains("direct"))
        let json = try await setup.cli(["portfolio", "--format", "json"])
        #expect(json.contains("\"navStatus\" : \"stale\"") && json.contains("\"navAgeDays\" : 11"))
        #expect(json.contains("\"navStatus\" : \"inactive\"") && json.contains("\"option\" : \"growth\""))
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/funds/portfolio", method: .get, headers: PortfolioSetup.localhost) {
                response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(page.contains("2026-08-18 (stale)") && page.contains("2018-07-02 (inactive)"))
                #expect(
                    page.contains(
                        "Axis Midcap Fund [9 / 0]: the NAV is of 2026-08-18 (AMFI&#39;s daily file): stale, 11 days old"
                    ))
            }
            try await client.execute(uri: "/api/funds/portfolio", method: .get, headers: PortfolioSetup.localhost) {
                response in
                #expect(String(buffer: response.body) == json)
            }
        }
    }
}
