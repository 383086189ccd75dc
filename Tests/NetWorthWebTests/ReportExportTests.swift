import FeatureKit
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The report's exports on the web are the command's bytes (one domain export), its bounds read as the command
/// reads them (`YYYY-MM` included), and `rate list CUR`'s filter on the rates page.
@Suite struct ReportExportTests {
    /// A store whose account names clash with the fixed columns, in two spellings.
    static func clashing() async throws -> Setup {
        let setup = try await Setup.withSample()
        try await setup.cli(["accounts", "add", "--name", "Assets", "--type", "savings", "--balance", "100"])
        try await setup.cli(["accounts", "add", "--name", "NETWORTH", "--type", "savings", "--balance", "5"])
        return setup
    }

    static let queries: [(uri: String, arguments: [String])] = [
        ("period=monthly", ["report", "--monthly"]),
        ("period=yearly&pension=exclude", ["report", "--yearly", "--exclude-pension"]),
        ("period=monthly&from=2025-01&to=2025-03", ["report", "--monthly", "--from", "2025-01", "--to", "2025-03"]),
        (
            "from=2025-02-14&to=2025-06&mortgage=exclude",
            ["report", "--from", "2025-02-14", "--to", "2025-06", "--exclude-mortgage"]
        ),
    ]

    @Test(
        "the report CSV download and GET /api/networth/report are `report --format csv|json` byte for byte, clashing names suffixed ` (account)`",
        arguments: [
            ("/networth/report.csv", "csv", "text/csv"), ("/api/networth/report", "json", "application/json"),
        ])
    func bytesEqualCLI(path: String, format: String, contentType: String) async throws {
        let setup = try await Self.clashing()
        try await setup.application().test(.router) { client in
            for (query, arguments) in Self.queries {
                let printed = try await setup.cli(arguments + ["--format", format])
                #expect(printed.contains("Assets (account)"), "\(arguments)")
                #expect(printed.contains("NETWORTH (account)"), "\(arguments)")
                try await client.execute(uri: "\(path)?\(query)", method: .get, headers: localhost) { response in
                    #expect(response.status == .ok, "\(query)")
                    #expect(response.headers[.contentType]?.hasPrefix(contentType) == true)
                    #expect(String(buffer: response.body) == printed, "\(query)")
                }
            }
        }
    }

    @Test("the report page takes YYYY-MM bounds as the command does: from the month's first day to the last's end")
    func monthBounds() async throws {
        let setup = try await Setup.withSample()
        try await setup.application().test(.router) { client in
            try await client.execute(
                uri: "/networth/report?period=monthly&from=2025-01&to=2025-03", method: .get, headers: localhost
            ) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                for day in ["2025-01-31", "2025-02-28", "2025-03-31"] {
                    #expect(html.contains("<time datetime=\"\(day)\">"), "\(day)")
                }
                #expect(!html.contains("<time datetime=\"2024-12-31\">"))
                #expect(!html.contains("<time datetime=\"2025-04-30\">"))
                #expect(html.contains("value=\"2025-01\""), "what was typed stays")
                #expect(html.contains("href=\"/networth/report.csv?period=monthly&amp;from=2025-01&amp;to=2025-03\""))
            }
            try await client.execute(uri: "/networth/report?from=2025-13", method: .get, headers: localhost) {
                response in
                let html = String(buffer: response.body)
                #expect(response.status.code >= 400 && response.status.code < 500)
                #expect(html.contains("id=\"from-error\">"))
            }
        }
    }

    @Test("refused report and rate queries are problem details blaming the parameter, as on the pages")
    func apiRefusals() async throws {
        let setup = try await Setup.withSample()
        try await setup.application().test(.router) { client in
            for (uri, field) in [
                ("/api/networth/report?from=2025-13", "from"), ("/api/networth/report?to=June", "to"),
                ("/api/networth/report?from=2025-06&to=2025-01", "range"),
                ("/api/networth/rates?currency=DOLLARS", "currency"),
            ] {
                try await client.execute(uri: uri, method: .get, headers: localhost) { response in
                    let problem = try JSONDecoder().decode(
                        JSONValue.self, from: Data(String(buffer: response.body).utf8))
                    #expect(response.status.code >= 400 && response.status.code < 500, "\(uri)")
                    #expect(response.headers[.contentType] == "application/problem+json", "\(uri)")
                    #expect(problem["field"] == .string(field), "\(uri)")
                }
            }
        }
    }

    @Test("the rates page filters to one currency as `rate list CUR`, and says why beside the filter when it cannot")
    func ratesFilter() async throws {
        let setup = try await Setup.withSample()
        try await setup.cli(["rate", "set", "EUR", "0.85", "--date", "2025-01-01"])
        let usd = try await setup.cli(["rate", "list", "usd", "--format", "csv"]).split(whereSeparator: \.isNewline)
            .dropFirst()
        #expect(!usd.isEmpty)
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/rates?only=usd", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.components(separatedBy: "name=\"currency\" value=\"USD\"").count - 1 == usd.count)
                #expect(!html.contains("name=\"currency\" value=\"EUR\""))
                #expect(html.contains("value=\"usd\""), "what was typed stays")
            }
            try await client.execute(uri: "/networth/rates?only=DOLLARS", method: .get, headers: localhost) {
                response in
                let html = String(buffer: response.body)
                #expect(response.status.code >= 400 && response.status.code < 500)
                #expect(html.contains("id=\"only-error\">"))
                #expect(html.contains("name=\"currency\" value=\"EUR\""), "every rate still shows")
            }
        }
    }
}
