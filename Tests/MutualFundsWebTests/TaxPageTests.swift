import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MutualFundsWeb
import Networking
import NetworkingTesting
import Testing

@Suite("/funds/portfolio/tax and its JSON route")
struct TaxPageTests {
    static let localhost = PortfolioSetup.localhost

    static func imported() async throws -> PortfolioSetup {
        let setup = try PortfolioSetup()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("portfolio-\(UUID().uuidString).json")
        try Data(PortfolioPageTests.statement.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await setup.cli(["portfolio", "import", file.path])
        return setup
    }

    @Test(
        "GET /api/funds/portfolio/tax answers byte for byte what tax --format json prints",
        arguments: [
            ("/api/funds/portfolio/tax?fy=2023-24", ["portfolio", "tax", "--fy", "2023-24"]),
            (
                "/api/funds/portfolio/tax?fy=2023-24&slab=30&details=true",
                ["portfolio", "tax", "--fy", "2023-24", "--slab", "30", "--details"]
            ),
        ])
    func apiEqualsCLI(route: String, arguments: [String]) async throws {
        let setup = try await Self.imported()
        let printed = try await setup.cli(arguments + ["--format", "json"])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: route, method: .get, headers: Self.localhost) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == printed)
            }
        }
    }

    @Test("the page shows Schedule CG, Schedule 112A and the estimate; the OpenAPI schema names every key")
    func page() async throws {
        let setup = try await Self.imported()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/funds/portfolio/tax?fy=2023-24", method: .get, headers: Self.localhost) {
                response in
                let body = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(
                    body.contains("Schedule CG") && body.contains("Schedule 112A") && body.contains("before surcharge"))
            }
        }
        let report = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try await setup.cli(["portfolio", "tax", "--fy", "2023-24", "--format", "json"]).utf8))
                as? [String: Any])
        let document =
            try JSONSerialization.jsonObject(
                with: JSONEncoder().encode(MutualFundsWeb.feature.openAPIPaths["/api/funds/portfolio/tax"]))
            as? [String: Any]
        let ok = ((document?["get"] as? [String: Any])?["responses"] as? [String: Any])?["200"] as? [String: Any]
        let schema = try #require(
            ((ok?["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(report.keys))
        let row = try #require((report["schedule112A"] as? [[String: Any]])?.first)
        let rowSchema = try #require(
            ((properties["schedule112A"] as? [String: Any])?["items"] as? [String: Any])?["properties"]
                as? [String: Any])
        #expect(Set(rowSchema.keys) == Set(row.keys))
    }

    @Test(
        "the page downloads Schedule 112A as tax --schedule 112a --format csv writes it, per scheme or per lot",
        arguments: [
            ("/funds/portfolio/tax?fy=2023-24&format=csv", [String]()),
            ("/funds/portfolio/tax?fy=2023-24&details=1&format=csv", ["--details"]),
        ])
    func csvDownload(route: String, details: [String]) async throws {
        let setup = try await Self.imported()
        let written = try await setup.cli(
            ["portfolio", "tax", "--fy", "2023-24", "--schedule", "112a", "--format", "csv"] + details)
        #expect(written.hasPrefix("Share/Unit acquired(1a),"))
        try await setup.application().test(.router) { client in
            try await client.execute(uri: route, method: .get, headers: Self.localhost) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/csv; charset=utf-8")
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"schedule-112a-2023-24.csv\"")
                #expect(String(buffer: response.body) == written)
            }
        }
    }

    @Test("the page links the years with sales, keeping the query, and the year's CSV; an unknown format is 422")
    func yearLinks() async throws {
        let setup = try await Self.imported()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/funds/portfolio", method: .get, headers: Self.localhost) { response in
                let body = String(buffer: response.body)
                #expect(
                    body.contains("<a href=\"/funds/portfolio/tax?fy=2023-24\">2023-24</a>"),
                    "a gains year leads to its tax")
            }
            try await client.execute(uri: "/funds/portfolio/tax", method: .get, headers: Self.localhost) { response in
                let body = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(body.contains("Years with sales: <a href=\"/funds/portfolio/tax?fy=2023-24\">2023-24</a>"))
                #expect(!body.contains("Schedule CG"))
            }
            try await client.execute(
                uri: "/funds/portfolio/tax?fy=2023-24&slab=30%25&details=1", method: .get, headers: Self.localhost
            ) { response in
                let body = String(buffer: response.body)
                #expect(
                    body.contains(
                        "href=\"/funds/portfolio/tax?fy=2023-24&amp;slab=30%25&amp;details=1\" aria-current=\"page\""))
                #expect(
                    body.contains(
                        "href=\"/funds/portfolio/tax?fy=2023-24&amp;slab=30%25&amp;details=1&amp;format=csv\" download")
                )
            }
            // A refusal keeps the form, with what was typed, above it.
            for (route, kept) in [
                ("/funds/portfolio/tax?fy=2023-25", "value=\"2023-25\""),
                ("/funds/portfolio/tax?fy=2023-24&fmv=122639%3Dabc", "value=\"122639=abc\""),
            ] {
                try await client.execute(uri: route, method: .get, headers: Self.localhost) { response in
                    let body = String(buffer: response.body)
                    #expect(response.status == .unprocessableContent, "\(route)")
                    #expect(body.contains("action=\"/funds/portfolio/tax\"") && body.contains(kept), "\(route)")
                }
            }
            try await client.execute(
                uri: "/funds/portfolio/tax?fy=2023-24&format=pdf", method: .get, headers: Self.localhost
            ) {
                response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("invalid format"))
            }
        }
    }

    @Test("without a scheme's NAV of 31-Jan-2018 the page asks for it and files Schedule 112A only once it is given")
    func fairValueAskedFor() async throws {
        let list = try Fixtures.data("mfapi/list_sample_first50.json")
        let setup = PortfolioSetup(
            http: StubHTTPClient { request in
                request.url.path == "/mf"
                    ? Networking.HTTPResponse(status: 200, body: list, url: request.url)
                    : Networking.HTTPResponse(status: 500, body: Data(), url: request.url)
            })
        let statement = """
            {"cas_type":"DETAILED","folios":[{"folio":"5 / 1","amc":"PPFAS","schemes":[
            {"scheme":"Parag Parikh Flexi Cap Fund - Direct Plan - Growth","isin":"INF879O01027","amfi":"122639","type":"EQUITY","open":"0","close":"0","transactions":[
             {"date":"2016-05-10","description":"p","amount":"20000","units":"1000","nav":"20","balance":"1000","type":"PURCHASE"},
             {"date":"2024-06-10","description":"r","amount":"-60000","units":"-1000","nav":"60","balance":"0","type":"REDEMPTION"}]}]}]}
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("portfolio-\(UUID().uuidString).json")
        try Data(statement.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await setup.cli(["portfolio", "import", file.path])
        let filed = try await setup.cli([
            "portfolio", "tax", "--fy", "2024-25", "--schedule", "112a", "--format", "csv", "--fmv", "122639=24.6526",
        ])
        let reported = try await setup.cli(
            ["portfolio", "tax", "--fy", "2024-25", "--fmv", "122639=24.6526", "--format", "json"])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/funds/portfolio/tax?fy=2024-25", method: .get, headers: Self.localhost) {
                response in
                let body = String(buffer: response.body)
                #expect(body.contains("name=\"fmv\"") && body.contains("for Parag Parikh Flexi Cap Fund"))
                #expect(body.contains(">unknown<") && !body.contains("Download Schedule 112A"))
            }
            try await client.execute(
                uri: "/funds/portfolio/tax?fy=2024-25&format=csv", method: .get, headers: Self.localhost
            ) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(String(buffer: response.body).contains("cannot write Schedule 112A for filing"))
            }
            try await client.execute(
                uri: "/funds/portfolio/tax?fy=2024-25&fmv=122639%3D24.6526&format=csv", method: .get,
                headers: Self.localhost
            ) { response in
                #expect(response.status == .ok && String(buffer: response.body) == filed)
            }
            try await client.execute(
                uri: "/api/funds/portfolio/tax?fy=2024-25&fmv=122639%3D24.6526", method: .get, headers: Self.localhost
            ) { response in
                #expect(response.status == .ok && String(buffer: response.body) == reported)
            }
        }
    }

    @Test("a missing or malformed fy, slab or details is 422 naming it")
    func refusals() async throws {
        let setup = try PortfolioSetup()
        try await setup.application().test(.router) { client in
            for (route, field) in [
                ("/api/funds/portfolio/tax", "fy"), ("/api/funds/portfolio/tax?fy=2023-25", "fy"),
                ("/api/funds/portfolio/tax?fy=2023-24&slab=x", "slab"),
                ("/api/funds/portfolio/tax?fy=2023-24&details=maybe", "details"),
                ("/api/funds/portfolio/tax?fy=2023-24&fmv=122639", "fmv"),
                ("/api/funds/portfolio/tax?fy=2023-24&fmv=122639%3Dabc", "fmv"),
            ] {
                try await client.execute(uri: route, method: .get, headers: Self.localhost) { response in
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
