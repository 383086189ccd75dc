import ArgumentParser
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MutualFundsCommands
import MutualFundsWeb
import Networking
import NetworkingTesting
import Persistence
import Settings
import Testing
import Timing
import TimingTesting

private let localhost: HTTPFields = [HTTPField.Name("Host")!: "localhost"]
private let secret = PortfolioSetup.secret

/// The page's form as a browser posts it: CSRF first, the checkbox when ticked, then the file.
private func upload(_ content: String, allowMismatch: Bool) -> (HTTPFields, ByteBuffer) {
    let boundary = "----FolioPortfolioBoundary"
    var headers = localhost
    headers[.cookie] = "\(CSRF.cookieName)=seed"
    headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
    var fields = [("_csrf", CSRF.token(seed: "seed", secret: secret))]
    if allowMismatch { fields.append(("allowMismatch", "on")) }
    var body = ""
    for (name, value) in fields {
        body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
    }
    body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cas.json\"\r\n"
    body += "Content-Type: application/json\r\n\r\n\(content)\r\n--\(boundary)--\r\n"
    return (headers, ByteBuffer(string: body))
}

@Suite("/funds/portfolio and its JSON routes")
struct PortfolioPageTests {
    static let statement = #"""
        {"cas_type":"DETAILED","folios":[{"folio":"77 / 1","amc":"PPFAS","schemes":[
        {"scheme":"Parag Parikh Flexi Cap Fund - Direct Growth","isin":"INF879O01027","amfi":"122639","type":"EQUITY","open":"0","close":"1500","transactions":[
         {"date":"2021-01-04","description":"p","amount":"50000","units":"1500","nav":"33.3333","balance":"1500","type":"PURCHASE"},
         {"date":"2022-03-01","description":"p","amount":"100000","units":"2000","nav":"50","balance":"3500","type":"PURCHASE"},
         {"date":"2023-06-01","description":"r","amount":"-100000","units":"-2000","nav":"50","balance":"1500","type":"REDEMPTION"},
         {"date":"2023-06-01","description":"stt","amount":"1","units":null,"nav":null,"balance":null,"type":"STT_TAX"}]}]}]}
        """#

    @Test("a refused upload is shown beside the file field (422, nothing stored); an allowed one redirects")
    func uploadChecks() async throws {
        let setup = try PortfolioSetup()
        let broken = Self.statement.replacingOccurrences(of: #""close":"1500""#, with: #""close":"1600""#)
        try await setup.application().test(.router) { client in
            let (headers, body) = upload(broken, allowMismatch: false)
            try await client.execute(uri: "/funds/portfolio/import", method: .post, headers: headers, body: body) {
                response in
                let html = String(buffer: response.body)
                #expect(response.status == .unprocessableContent)
                #expect(html.contains("id=\"file-error\"") && html.contains("does not reconcile"))
                #expect(html.contains("folio 77 / 1, Parag Parikh Flexi Cap Fund"))
            }
            #expect(
                try await setup.cli(["portfolio", "transactions", "--format", "csv"]).split(whereSeparator: \.isNewline)
                    .count == 1)
            let (okHeaders, okBody) = upload(Self.statement, allowMismatch: false)
            try await client.execute(uri: "/funds/portfolio/import", method: .post, headers: okHeaders, body: okBody) {
                response in
                #expect(response.status == .seeOther)
            }
            try await client.execute(uri: "/funds/portfolio", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("id=\"holdings\"") && html.contains("id=\"gains\""))
                // 1500 units × ₹90.5289 = ₹1,35,793.35: rupees grouped the Indian way.
                #expect(html.contains("₹1,35,793.35"))
                #expect(html.contains("<svg") && html.contains("Allocation by fund house"))
                #expect(html.contains("2023-24"))
            }
            let (againHeaders, againBody) = upload(Self.statement, allowMismatch: true)
            try await client.execute(
                uri: "/funds/portfolio/import", method: .post, headers: againHeaders, body: againBody
            ) { response in
                #expect(response.status == .seeOther)
            }
        }
        #expect(try await setup.cli(["portfolio", "transactions", "--format", "json"]).contains("\"balance\" : 3500"))
    }

    @Test(
        "GET /api/funds/portfolio, /gains and /transactions answer byte for byte what --format json prints",
        arguments: [
            ("/api/funds/portfolio", ["portfolio", "show"]),
            ("/api/funds/portfolio?asOf=2023-01-02", ["portfolio", "show", "--as-of", "2023-01-02"]),
            ("/api/funds/portfolio/gains", ["portfolio", "gains"]),
            (
                "/api/funds/portfolio/gains?fy=2023-24&summary=true",
                ["portfolio", "gains", "--fy", "2023-24", "--summary"]
            ),
            ("/api/funds/portfolio/transactions", ["portfolio", "transactions"]),
        ])
    func apiEqualsCLI(route: String, arguments: [String]) async throws {
        let setup = try PortfolioSetup()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("portfolio-\(UUID().uuidString).json")
        try Data(Self.statement.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await setup.cli(["portfolio", "import", file.path])
        let printed = try await setup.cli(arguments + ["--format", "json"])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: route, method: .get, headers: localhost) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == printed)
            }
        }
    }

    @Test("issue 27: the page shows each scheme's stored treatment in the holdings and the gains, as the terminal does")
    func treatment() async throws {
        let setup = try PortfolioSetup()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("portfolio-\(UUID().uuidString).json")
        try Data(Self.statement.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await setup.cli(["portfolio", "import", file.path])
        // The page's holdings and gains tables (each from its id to the end of its table), and the whole page.
        func tables() async throws -> (holdings: String, gains: String, page: String) {
            try await setup.application().test(.router) { client in
                try await client.execute(uri: "/funds/portfolio", method: .get, headers: localhost) { response in
                    #expect(response.status == .ok)
                    let html = String(buffer: response.body)
                    func table(_ id: String) -> String {
                        guard let start = html.range(of: "id=\"\(id)\"") else { return "" }
                        let rest = html[start.lowerBound...]
                        return String(rest[..<(rest.range(of: "</table>")?.upperBound ?? rest.endIndex)])
                    }
                    return (table("holdings"), table("gains"), html)
                }
            }
        }
        let ruled = try await tables()
        #expect(ruled.holdings.contains("<th scope=\"col\">Taxed as</th>"))
        #expect(ruled.holdings.contains("by the rules"))
        #expect(ruled.gains.contains("equity (statement type)"), "the basis the rules used")
        #expect(!ruled.page.contains("taxed as"))

        _ = try await setup.cli(["portfolio", "treat-as", "122639", "debt"])
        let set = try await tables()
        #expect(set.holdings.contains("debt (set with treat-as)") && !set.holdings.contains("by the rules"))
        #expect(set.gains.contains("debt (set with treat-as)") && !set.gains.contains("equity"))
        let line = "Parag Parikh Flexi Cap Fund - Direct Growth (folio 77 / 1): taxed as debt (set with treat-as)"
        #expect(set.page.contains(line), "the line the terminal prints under its gains")
        #expect(try await setup.cli(["portfolio", "gains"]).contains(line))

        _ = try await setup.cli(["portfolio", "treat-as", "122639", "auto"])
        let undone = try await tables()
        #expect(undone.holdings.contains("by the rules") && undone.gains.contains("equity (statement type)"))
    }

    @Test(
        "issue 27: the OpenAPI document names every key /api/funds/portfolio and /gains encode, holdings and lots alike"
    )
    func openAPIKeys() async throws {
        let setup = try PortfolioSetup()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("portfolio-\(UUID().uuidString).json")
        try Data(Self.statement.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await setup.cli(["portfolio", "import", file.path])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(try await setup.cli(["portfolio", "--format", "json"]).utf8))
                as? [String: Any])
        let lot = try #require(
            (try JSONSerialization.jsonObject(
                with: Data(try await setup.cli(["portfolio", "gains", "--format", "json"]).utf8)) as? [[String: Any]])?
                .first)
        // The 200 answer's schema of `path`.
        func schema(_ path: String) throws -> [String: Any] {
            let document =
                try JSONSerialization.jsonObject(
                    with: JSONEncoder().encode(MutualFundsWeb.feature.openAPIPaths[path])) as? [String: Any]
            let ok = ((document?["get"] as? [String: Any])?["responses"] as? [String: Any])?["200"] as? [String: Any]
            return try #require(
                ((ok?["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any]
            )
        }
        let portfolio = try schema("/api/funds/portfolio")
        let properties = try #require(portfolio["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(report.keys))
        let holding = try #require(
            ((properties["holdings"] as? [String: Any])?["items"] as? [String: Any])?["properties"] as? [String: Any])
        let firstHolding = try #require((report["holdings"] as? [[String: Any]])?.first)
        #expect(Set(holding.keys) == Set(firstHolding.keys))
        let gains = try schema("/api/funds/portfolio/gains")
        let anyOf = try #require(((gains["items"] as? [String: Any])?["anyOf"] as? [[String: Any]]))
        let lotKeys = anyOf.compactMap { ($0["properties"] as? [String: Any]).map { Set($0.keys) } }
        #expect(lotKeys.contains(Set(lot.keys)), "a lot's keys are one of the documented item shapes")
    }

    @Test("a malformed asOf, fy or summary is 422 naming the field")
    func refusals() async throws {
        let setup = try PortfolioSetup()
        try await setup.application().test(.router) { client in
            for (route, field) in [
                ("/api/funds/portfolio?asOf=yesterday", "asOf"), ("/api/funds/portfolio/gains?fy=2023-25", "fy"),
                ("/api/funds/portfolio/gains?summary=maybe", "summary"),
            ] {
                try await client.execute(uri: route, method: .get, headers: localhost) { response in
                    #expect(response.status == .unprocessableContent, "\(route)")
                    let problem =
                        try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8))
                        as? [String: Any]
                    #expect(problem?["field"] as? String == field, "\(route)")
                }
            }
        }
    }
}
