import FeatureKit
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Money
import Testing

/// `/networth/chart.svg` is the file `chart --svg` writes, and the report page's per-account columns are
/// `report --details`'s.
@Suite struct ChartDownloadTests {
    @Test(
        "the SVG download is byte for byte the file `chart --svg` writes",
        arguments: [
            ("", [String]()), ("breakdown=1", ["--breakdown"]),
            (
                "breakdown=1&pension=exclude&from=2025-01-01&to=2025-09-30",
                ["--breakdown", "--exclude-pension", "--from", "2025-01-01", "--to", "2025-09-30"]
            ),
            ("account=everyday%20current", ["everyday current"]),
        ])
    func svgBytesEqualCLI(query: String, arguments: [String]) async throws {
        let setup = try await Setup.withSample()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("networth-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        try await setup.cli(["chart"] + arguments + ["--svg", file.path])
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written.hasPrefix("<svg") || written.hasPrefix("<?xml"))
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/chart.svg?\(query)", method: .get, headers: localhost) {
                response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("image/svg+xml") == true)
                #expect(response.headers[.contentDisposition]?.hasPrefix("attachment") == true)
                #expect(String(buffer: response.body) == written)
            }
        }
    }

    @Test("the breakdown draws assets and debts; the summary page links both downloads")
    func breakdownLines() async throws {
        let setup = try await Setup.withSample()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/chart.svg?breakdown=1", method: .get, headers: localhost) {
                response in
                let svg = String(buffer: response.body)
                #expect(svg.contains("Assets") && svg.contains("Debts"))
            }
            try await client.execute(uri: "/networth/chart.svg", method: .get, headers: localhost) { response in
                #expect(!String(buffer: response.body).contains("Debts"))
            }
            try await client.execute(uri: "/networth/account?name=Everyday%20Current", method: .get, headers: localhost)
            { response in
                #expect(
                    String(buffer: response.body).contains(
                        "href=\"/networth/chart.svg?account=Everyday%20Current\" download"))
            }
            try await client.execute(uri: "/networth", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("href=\"/networth/chart.svg?pension=include&amp;mortgage=include\" download"))
                #expect(
                    html.contains(
                        "href=\"/networth/chart.svg?breakdown=1&amp;pension=include&amp;mortgage=include\" download"))
            }
        }
    }

    @Test("a chart that cannot be drawn is problem details: the breakdown of an account, an empty range, nothing in it")
    func refusals() async throws {
        let setup = try await Setup.withSample()
        try await setup.application().test(.router) { client in
            for (uri, field, status) in [
                ("/networth/chart.svg?account=Everyday%20Current&breakdown=1", "breakdown", 400),
                ("/networth/chart.svg?from=2025-06-01&to=2025-01-01", "range", 400),
                ("/networth/chart.svg?from=2025-13-01", "from", 422),
            ] {
                try await client.execute(uri: uri, method: .get, headers: localhost) { response in
                    let problem = try JSONDecoder().decode(
                        JSONValue.self, from: Data(String(buffer: response.body).utf8))
                    #expect(response.headers[.contentType] == "application/problem+json", "\(uri)")
                    #expect(response.status.code >= 400 && response.status.code < 500, "\(uri) \(status)")
                    #expect(problem["field"] == .string(field), "\(uri)")
                }
            }
            try await client.execute(uri: "/networth/chart.svg?from=2030-01-01", method: .get, headers: localhost) {
                response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("nothing to chart"))
            }
        }
    }

    @Test("the report page's per-account columns are `report --details`'s values, newest first")
    func reportDetails() async throws {
        let setup = try await Setup.withSample()
        let printed = try await setup.cli(["report", "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [[String: Any]])
        let last = try #require(rows.last)
        let value = try #require((last["Everyday Current"] as? NSNumber)?.decimalValue)
        let money = NumberFormat.money(try #require(Amount("\(value)")), currency: "GBP")
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/report?details=on", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("Everyday Current"))
                #expect(html.contains(money), "\(money)")
                #expect(html.contains("name=\"details\" value=\"on\" checked"))
            }
            try await client.execute(uri: "/networth/report", method: .get, headers: localhost) { response in
                #expect(!String(buffer: response.body).contains("Everyday Current"))
            }
        }
    }
}
