import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing

/// Issue 27's speed promise on requests: `funds portfolio` of 50 schemes, cold, makes one request (AMFI's
/// NAVAll.txt), not one history per scheme; warm, none.
@Suite struct MutualFundsPortfolioRequestsEndToEndTests {
    /// A statement of one purchase in each of the first `count` schemes of AMFI's file that has a NAV.
    static func statement(schemesOf file: String, count: Int) throws -> (json: String, codes: [Int]) {
        let text = String(decoding: try Fixtures.data(file), as: UTF8.self)
        var codes: [Int] = []
        var folios: [String] = []
        for line in text.split(whereSeparator: \.isNewline) where codes.count < count {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard fields.count == 6, let code = Int(fields[0]), Double(fields[4]) != nil else { continue }
            codes.append(code)
            let name = fields[3].replacingOccurrences(of: "\\", with: "").replacingOccurrences(of: "\"", with: "")
            folios.append(
                #"{"folio":"\#(codes.count) / 0","amc":"AMC","schemes":[{"scheme":"\#(name)","isin":null,"amfi":"\#(code)","type":"EQUITY","open":"0","close":"10","transactions":[{"date":"2024-01-02","description":"p","amount":"1000","units":"10","nav":"100","balance":"10","type":"PURCHASE"}]}]}"#
            )
        }
        return (#"{"cas_type":"DETAILED","folios":[\#(folios.joined(separator: ","))]}"#, codes)
    }

    @Test func fiftySchemesColdOneRequestWarmNone() async throws {
        let file = "amfi/amfiindiamirror_NAVAll_2026-08-18_6col.txt"
        let (json, codes) = try Self.statement(schemesOf: file, count: 50)
        #expect(codes.count == 50)
        // Anything but AMFI's file is refused, so a history asked for would show as a failed holding too.
        let server = try await LoopbackServer.start { request in
            request.path == "/NAVAll.txt"
                ? LoopbackResponse(status: 200, body: try Fixtures.data(file)) : LoopbackResponse(status: 404)
        }
        defer { Task { await server.stop() } }
        let environment = MutualFundsAMFIFallbackEndToEndTests.environment(server)
        try await FolioBinary.withTemporaryHome { home in
            let statementFile = home.appendingPathComponent("cas.json")
            try Data(json.utf8).write(to: statementFile)
            let imported = try await FolioBinary.run(["funds", "portfolio", "import", statementFile.path], home: home)
            #expect(imported.exitCode == 0, "\(imported.stderr)")
            #expect(imported.stdout.contains("Imported 50 new transactions (0 already held) in 50 schemes"))

            let cold = try await FolioBinary.run(
                ["funds", "portfolio", "--format", "json"], home: home, environment: environment)
            #expect(cold.exitCode == 0, "\(cold.stderr)")
            // One request for the file, not 50 histories. A full parallel test run can starve this in-process server
            // past the request's deadline, and the retry policy then asks for the same file again, up to its four
            // tries: still one file, never a history.
            let coldRequests = server.requests.map(\.path)
            #expect(!coldRequests.isEmpty && coldRequests.count <= 4, "cold: \(coldRequests)")
            #expect(coldRequests.allSatisfy { $0 == "/NAVAll.txt" }, "cold: the file only, no history")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(cold.stdout.utf8)) as? [String: Any])
            let holdings = try #require(report["holdings"] as? [[String: Any]])
            #expect(holdings.count == 50)
            #expect(
                holdings.allSatisfy { $0["source"] as? String == "amfi" && $0["value"] as? Double != nil },
                "every scheme valued from the file")
            #expect(Set(holdings.compactMap { $0["code"] as? Int }) == Set(codes))

            let warm = try await FolioBinary.run(
                ["funds", "portfolio", "--format", "json"], home: home, environment: environment)
            #expect(warm.exitCode == 0)
            #expect(warm.stdout == cold.stdout, "the same report from the cached file")
            #expect(server.requests.count == coldRequests.count, "warm: no request")
        }
    }
}
