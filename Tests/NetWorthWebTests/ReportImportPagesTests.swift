import FeatureKit
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Money
import Testing

/// The pages of `report` (with its CSV download) and `import` (an uploaded CSV): the same figures as the CLI,
/// refusals beside their fields, and a bad file storing nothing.
@Suite struct ReportImportPagesTests {
    /// The import form as a browser posts it: CSRF first, then the file.
    static func upload(_ content: String) -> (HTTPFields, ByteBuffer) {
        let boundary = "----FolioNetWorthBoundary"
        var headers = localhost
        headers[.cookie] = "\(CSRF.cookieName)=seed"
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        var body =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n"
            + CSRF.token(seed: "seed", secret: secret) + "\r\n"
        body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"balances.csv\"\r\n"
        body += "Content-Type: text/csv\r\n\r\n\(content)\r\n--\(boundary)--\r\n"
        return (headers, ByteBuffer(string: body))
    }

    @Test("the report page shows each month's net worth as the CLI computes it, newest first, with a CSV download")
    func report() async throws {
        let setup = try await Setup.withSample()
        let printed = try await setup.cli(["report", "--monthly", "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [[String: Any]])
        let last = try #require(rows.last)
        let netWorth = try #require((last["netWorth"] as? NSNumber)?.decimalValue)
        let date = try #require(last["date"] as? String)
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/report", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("<time datetime=\"\(date)\">"))
                let money = NumberFormat.money(try #require(Amount("\(netWorth)")), currency: "GBP")
                #expect(html.contains(money), "\(money)")
                #expect(html.contains("href=\"/networth/report.csv?period=monthly&amp;from=&amp;to=\""))
            }
            try await client.execute(uri: "/networth/report.csv?period=yearly", method: .get, headers: localhost) {
                response in
                let csv = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(response.headers[.contentDisposition]?.contains("networth-yearly.csv") == true)
                #expect(csv.hasPrefix("period,date,currency,assets,debts,netWorth,change,changePercent,"))
            }
            try await client.execute(
                uri: "/networth/report?from=2025-06-01&to=2025-01-01", method: .get, headers: localhost
            ) { response in
                let html = String(buffer: response.body)
                #expect(response.status.code >= 400 && response.status.code < 500)
                #expect(html.contains("id=\"from-error\">"))
                #expect(html.contains("value=\"2025-06-01\""), "what was typed stays")
            }
        }
    }

    @Test("an uploaded CSV is imported as `import FILE` would; a bad row is refused beside the file and stores nothing")
    func importFile() async throws {
        let setup = try await Setup.withSample()
        let before = try await setup.cli(["accounts", "list", "--format", "json"])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/import", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("enctype=\"multipart/form-data\""))
            }
            let (headers, bad) = Self.upload(
                "account,date,amount\r\nEveryday Current,2025-11-01,12\r\nEveryday Current,someday,1\r\n")
            try await client.execute(uri: "/networth/import", method: .post, headers: headers, body: bad) { response in
                let html = String(buffer: response.body)
                #expect(response.status.code >= 400 && response.status.code < 500, "\(response.status)")
                #expect(html.contains("id=\"file-error\">"))
                #expect(html.contains("line 3"), "\(html)")
            }
            #expect(try await setup.cli(["accounts", "list", "--format", "json"]) == before)
            let (_, good) = Self.upload("account,date,amount,type\r\nPremium Bonds,2025-11-01,5000,savings\r\n")
            try await client.execute(uri: "/networth/import", method: .post, headers: headers, body: good) { response in
                #expect(response.status == .seeOther)
            }
        }
        let history = try await setup.cli(["history", "Premium Bonds", "--format", "json"])
        #expect(history.contains("\"date\" : \"2025-11-01\"") && history.contains("5000"), "\(history)")
    }
}
