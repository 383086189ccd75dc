import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing

/// AMFI's NAVAll.txt as the portfolio's source of latest NAVs and `funds nav`'s fallback, served from a loopback
/// server with both shared files and with a header that lacks a column.
@Suite struct MutualFundsAMFIEndToEndTests {
    static let statement = #"""
        {"cas_type":"DETAILED","folios":[{"folio":"5 / 1","amc":"X","schemes":[
        {"scheme":"Aditya Birla Sun Life Banking & PSU Debt Fund - Direct - IDCW","isin":"INF209KA12Z1","amfi":"119551","type":"DEBT","open":"0","close":"100","transactions":[
         {"date":"2020-01-02","description":"p","amount":"10000","units":"100","nav":"100","balance":"100","type":"PURCHASE"}]},
        {"scheme":"Parag Parikh Flexi Cap Fund - Direct Plan - Growth","isin":"INF879O01027","amfi":null,"type":"EQUITY","open":"0","close":"10","transactions":[
         {"date":"2020-01-02","description":"p","amount":"300","units":"10","nav":"30","balance":"10","type":"PURCHASE"}]}]}]}
        """#

    @Test(arguments: [
        ("amfi/CASscanner_NAVAll_2025-02-25_6col.txt", "2025-02-25", 10353.11 + 845.628),
        ("amfi/amfiindiamirror_NAVAll_2026-08-18_6col.txt", "2026-08-18", 10713.6 + 904.982),
    ])
    func portfolioValuedFromOneRequest(file: String, date: String, value: Double) async throws {
        let server = try await LoopbackServer.start { request in
            request.path == "/NAVAll.txt"
                ? LoopbackResponse(status: 200, body: try Fixtures.data(file)) : LoopbackResponse(status: 503)
        }
        defer { Task { await server.stop() } }
        let environment = [
            "FOLIO_AMFI_URL": server.baseURL.absoluteString + "/NAVAll.txt",
            "FOLIO_MFAPI_URL": server.baseURL.absoluteString,
        ]
        try await FolioBinary.withTemporaryHome { home in
            let statementFile = home.appendingPathComponent("cas.json")
            try Data(Self.statement.utf8).write(to: statementFile)
            #expect(
                try await FolioBinary.run(["funds", "portfolio", "import", statementFile.path], home: home).exitCode
                    == 0)
            var requestsAfterEachRun: [Int] = []
            for _ in 0..<2 {
                defer { requestsAfterEachRun.append(server.requests.count) }
                let result = try await FolioBinary.run(
                    ["funds", "portfolio", "--format", "json"], home: home, environment: environment)
                #expect(result.exitCode == 0, "\(result.stderr)")
                let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
                let holdings = report["holdings"] as! [[String: Any]]
                #expect(holdings.allSatisfy { $0["source"] as? String == "amfi" && $0["navDate"] as? String != nil })
                #expect(holdings.contains { $0["navDate"] as? String == date })
                #expect(abs((report["value"] as! Double) - value) < 0.01)
            }
            // The ISIN-only scheme was matched through AMFI's file: no scheme list, no history (a loaded machine may
            // retry the one request after a timeout); the second run read the cached file.
            #expect(server.requests.allSatisfy { $0.path == "/NAVAll.txt" }, "\(server.requests.map(\.path))")
            #expect(requestsAfterEachRun.count == 2 && requestsAfterEachRun[0] == requestsAfterEachRun[1])

            let nav = try await FolioBinary.run(["funds", "nav", "122639"], home: home, environment: environment)
            #expect(nav.exitCode == 0)
            #expect(nav.stdout.contains("(latest NAV from AMFI)"))
            #expect(nav.stderr.contains("latest NAV from AMFI: the MF API's history of scheme 122639 is unavailable"))

            let show = try await FolioBinary.run(["funds", "show", "122639"], home: home, environment: environment)
            #expect(show.exitCode == 0)
            #expect(
                show.stdout.contains("(latest NAV from AMFI)") && show.stdout.contains("Parag Parikh Flexi Cap Fund"))
        }
    }

    @Test func headerWithoutNeededColumnFallsBackToTheMFAPI() async throws {
        let server = try await LoopbackServer.start { request in
            request.path == "/NAVAll.txt"
                ? LoopbackResponse(status: 200, body: Data("Scheme Code;Scheme Name;Date\r\n1;x;01-Jan-2025\r\n".utf8))
                : LoopbackResponse(status: 503)
        }
        defer { Task { await server.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            let statementFile = home.appendingPathComponent("cas.json")
            try Data(Self.statement.utf8).write(to: statementFile)
            _ = try await FolioBinary.run(["funds", "portfolio", "import", statementFile.path], home: home)
            let result = try await FolioBinary.run(
                ["funds", "portfolio"], home: home,
                environment: [
                    "FOLIO_AMFI_URL": server.baseURL.absoluteString + "/NAVAll.txt",
                    "FOLIO_MFAPI_URL": server.baseURL.absoluteString,
                ])
            #expect(result.exitCode == 0)
            #expect(result.stderr.contains("AMFI's NAV file cannot be read — its header lacks Net Asset Value"))
        }
    }
}
