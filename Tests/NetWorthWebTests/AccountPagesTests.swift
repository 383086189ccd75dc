import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The pages of `accounts list`, `accounts show` with `history`, `accounts rename`, `accounts note`, `rate list`,
/// `rate remove` and `settings`: each action walked from the page, the store checked through the CLI afterwards, and
/// refusals beside their fields with what was typed, storing nothing.
@Suite struct AccountPagesTests {
    /// The sample account with the most updates, and how many it has.
    static func longest(_ setup: Setup) async throws -> (name: String, updates: Int) {
        let list = try await setup.cli(["accounts", "list", "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]])
        let row = try #require(rows.max { ($0["updates"] as? Int ?? 0) < ($1["updates"] as? Int ?? 0) })
        return (try #require(row["name"] as? String), try #require(row["updates"] as? Int))
    }

    static func get(_ client: some TestClientProtocol, _ uri: String) async throws -> (HTTPResponse.Status, String) {
        try await client.execute(uri: uri, method: .get, headers: localhost) { response in
            (response.status, String(buffer: response.body))
        }
    }

    @Test("the accounts page lists every account with a link to its page, sorted by heading links")
    func accountsPage() async throws {
        let setup = try await Setup.withSample()
        try await setup.application().test(.router) { client in
            let (status, html) = try await Self.get(client, "/networth/accounts")
            #expect(status == .ok)
            #expect(html.contains("href=\"/networth/account?name=Everyday%20Current\">Everyday Current</a>"))
            #expect(html.contains("aria-sort=\"ascending\"><a href=\"/networth/accounts?sort=-name\">Account ▲</a>"))
            #expect(html.contains("<td data-label=\"Balance\" class=\"num\">£"), "money right-aligned with its symbol")
            #expect(html.contains("<time datetime=\"2025-11-24\">24 Nov 2025</time>"))
            let (_, byBalance) = try await Self.get(client, "/networth/accounts?sort=-balance")
            #expect(
                byBalance.contains("aria-sort=\"descending\"><a href=\"/networth/accounts?sort=balance\">Balance ▼</a>")
            )
            #expect(byBalance != html)
        }
    }

    @Test("an account's page shows what `accounts show` says and its history, sorted and 50 updates a page")
    func accountPage() async throws {
        let setup = try await Setup.withSample()
        let (name, updates) = try await Self.longest(setup)
        try #require(updates > 50)
        let history = try await setup.cli(["history", name, "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
        let newest = try #require(rows.last?["date"] as? String)
        let oldest = try #require(rows.first?["date"] as? String)
        let link = "/networth/account?name=" + name.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        try await setup.application().test(.router) { client in
            let (status, html) = try await Self.get(client, link)
            #expect(status == .ok)
            let escaped = name.replacingOccurrences(of: "&", with: "&amp;")
            #expect(html.contains("<h1>\(escaped)</h1>"), "\(name) titles the page")
            #expect(html.contains("<time datetime=\"\(newest)\">"))
            #expect(!html.contains("<time datetime=\"\(oldest)\">"), "the oldest update is on a later page")
            #expect(html.contains("Showing 1–50 of \(updates) updates"))
            #expect(html.contains("aria-sort=\"descending\""))
            #expect(html.contains("id=\"account-chart\""))
            #expect(
                html.contains("action=\"/networth/accounts/rename\"")
                    && html.contains("action=\"/networth/accounts/note\""))
            let last = (updates + 49) / 50
            let (_, lastPage) = try await Self.get(client, link + "&sort=-date&page=\(last)")
            #expect(lastPage.contains("<time datetime=\"\(oldest)\">"))
            let (_, ascending) = try await Self.get(client, link + "&sort=date")
            #expect(ascending.contains("<time datetime=\"\(oldest)\">"))
            // `history --from --to`: the same rows as the CLI's range; a reversed range is refused beside `from`.
            let ranged = try await setup.cli([
                "history", name, "--from", "2025-01-01", "--to", "2025-03-31", "--format", "json",
            ])
            let inRange = try #require(try JSONSerialization.jsonObject(with: Data(ranged.utf8)) as? [[String: Any]])
            let (_, rangePage) = try await Self.get(client, link + "&from=2025-01-01&to=2025-03-31")
            #expect(rangePage.components(separatedBy: "<tr><td><time datetime=").count - 1 == inRange.count)
            #expect(!rangePage.contains("<tr><td><time datetime=\"\(newest)\">"))
            #expect(
                rangePage.contains("&amp;from=2025-01-01&amp;to=2025-03-31&amp;sort=date\""),
                "sort links keep the range")
            let (reversed, refused) = try await Self.get(client, link + "&from=2025-06-01&to=2025-01-01")
            #expect(reversed.code >= 400 && reversed.code < 500)
            #expect(refused.contains("id=\"from-error\">"))
            #expect(refused.contains("value=\"2025-06-01\""))
            let (missing, _) = try await Self.get(client, "/networth/account?name=Nobody")
            #expect(missing.code >= 400)
        }
    }

    @Test(
        "renaming from the page renames in the store; a taken name is refused beside the field, kept, and stores nothing"
    )
    func rename() async throws {
        let setup = try await Setup.withSample()
        let before = try await setup.cli(["accounts", "list", "--format", "json"])
        try await setup.application().test(.router) { client in
            let (headers, taken) = post("account=Everyday+Current&name=home+mortgage")
            try await client.execute(uri: "/networth/accounts/rename", method: .post, headers: headers, body: taken) {
                response in
                let html = String(buffer: response.body)
                #expect(response.status.code >= 400 && response.status.code < 500, "\(response.status)")
                #expect(html.contains("id=\"name-error\">"), "\(html)")
                #expect(html.contains("value=\"home mortgage\""), "what was typed stays")
            }
            #expect(try await setup.cli(["accounts", "list", "--format", "json"]) == before)
            let (_, good) = post("account=Everyday+Current&name=Daily+Current")
            try await client.execute(uri: "/networth/accounts/rename", method: .post, headers: headers, body: good) {
                response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/networth/account?name=Daily%20Current")
            }
        }
        let after = try await setup.cli(["accounts", "list", "--format", "csv"])
        #expect(after.contains("Daily Current,") && !after.contains("Everyday Current,"))
    }

    @Test("a note is saved and cleared from the page; one over 1,000 characters is refused beside the note")
    func note() async throws {
        let setup = try await Setup.withSample()
        let before = try await setup.cli(["accounts", "show", "Everyday Current", "--format", "json"])
        try await setup.application().test(.router) { client in
            let (headers, long) = post("account=Everyday+Current&note=" + String(repeating: "x", count: 1001))
            try await client.execute(uri: "/networth/accounts/note", method: .post, headers: headers, body: long) {
                response in
                let html = String(buffer: response.body)
                #expect(response.status.code >= 400 && response.status.code < 500)
                #expect(html.contains("id=\"note-error\">"))
                #expect(html.contains(String(repeating: "x", count: 1001)), "what was typed stays")
            }
            #expect(try await setup.cli(["accounts", "show", "Everyday Current", "--format", "json"]) == before)
            let (_, note) = post("account=everyday+current&note=joint+with+Sam")
            try await client.execute(uri: "/networth/accounts/note", method: .post, headers: headers, body: note) {
                response in
                #expect(response.status == .seeOther)
            }
            #expect(
                try await setup.cli(["accounts", "show", "Everyday Current", "--format", "json"])
                    .contains("\"note\" : \"joint with Sam\""))
            let (_, clear) = post("account=Everyday+Current&note=")
            try await client.execute(uri: "/networth/accounts/note", method: .post, headers: headers, body: clear) {
                response in
                #expect(response.status == .seeOther)
            }
            #expect(
                try await setup.cli(["accounts", "show", "Everyday Current", "--format", "json"]).contains(
                    "\"note\" : null"))
        }
    }

    @Test("the rates page lists `rate list`; removing a rate asks first and only the confirmed post removes it")
    func rates() async throws {
        let setup = try await Setup.withSample()
        let before = try await setup.cli(["rate", "list", "--format", "json"])
        let rates = try #require(try JSONSerialization.jsonObject(with: Data(before.utf8)) as? [[String: Any]])
        let first = try #require(rates.first)
        let currency = try #require(first["currency"] as? String)
        let date = try #require(first["date"] as? String)
        try await setup.application().test(.router) { client in
            let (status, html) = try await Self.get(client, "/networth/rates")
            #expect(status == .ok)
            #expect(html.contains("<time datetime=\"\(date)\">"))
            #expect(html.contains("action=\"/networth/rates/remove\""))
            let (headers, ask) = post("currency=\(currency)&date=\(date)")
            try await client.execute(uri: "/networth/rates/remove", method: .post, headers: headers, body: ask) {
                response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("name=\"confirmed\" value=\"yes\""))
            }
            #expect(try await setup.cli(["rate", "list", "--format", "json"]) == before, "nothing removed yet")
            let (_, confirmed) = post("currency=\(currency)&date=\(date)&confirmed=yes")
            try await client.execute(uri: "/networth/rates/remove", method: .post, headers: headers, body: confirmed) {
                response in
                #expect(response.status == .seeOther)
            }
        }
        let after = try await setup.cli(["rate", "list", "--format", "json"])
        let left = try #require(try JSONSerialization.jsonObject(with: Data(after.utf8)) as? [[String: Any]])
        #expect(left.count == rates.count - 1)
        #expect(!left.contains { $0["currency"] as? String == currency && $0["date"] as? String == date })
    }

    @Test("settings saved from the page are the CLI's; an unknown base currency is refused beside it and saves nothing")
    func settings() async throws {
        let setup = try await Setup.withSample()
        let before = try await setup.cli(["settings", "--format", "json"])
        try await setup.application().test(.router) { client in
            let (headers, bad) = post("pension=on&baseCurrency=XYZ")
            try await client.execute(uri: "/networth/settings", method: .post, headers: headers, body: bad) {
                response in
                let html = String(buffer: response.body)
                #expect(response.status.code >= 400 && response.status.code < 500)
                #expect(html.contains("id=\"baseCurrency-error\">"))
                #expect(html.contains("value=\"XYZ\""))
            }
            #expect(try await setup.cli(["settings", "--format", "json"]) == before)
            let (_, good) = post("pension=on&baseCurrency=usd")
            try await client.execute(uri: "/networth/settings", method: .post, headers: headers, body: good) {
                response in
                #expect(response.status == .seeOther)
            }
        }
        let after = try await setup.cli(["settings", "--format", "json"])
        #expect(after.contains("\"baseCurrency\" : \"USD\""))
        #expect(after.contains("\"includePensions\" : true"))
        #expect(after.contains("\"includeMortgages\" : false"))
    }

    @Test("removing one balance from an account's history asks first; only the confirmed post removes it")
    func removeUpdate() async throws {
        let setup = try await Setup.withSample()
        let before = try await setup.cli(["history", "Everyday Current", "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(before.utf8)) as? [[String: Any]])
        let date = try #require(rows.first?["date"] as? String)
        try await setup.application().test(.router) { client in
            let (_, page) = try await Self.get(client, "/networth/account?name=Everyday%20Current")
            #expect(page.contains("action=\"/networth/update/remove\""))
            let (headers, ask) = post("account=Everyday+Current&date=\(date)")
            try await client.execute(uri: "/networth/update/remove", method: .post, headers: headers, body: ask) {
                response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("Remove the balance of <strong>Everyday Current</strong>"))
                #expect(html.contains("name=\"confirmed\" value=\"yes\""))
            }
            #expect(
                try await setup.cli(["history", "Everyday Current", "--format", "json"]) == before,
                "nothing removed yet")
            let (_, none) = post("account=Everyday+Current&date=1999-01-01&confirmed=yes")
            try await client.execute(uri: "/networth/update/remove", method: .post, headers: headers, body: none) {
                response in
                #expect(response.status == .seeOther)
            }
            #expect(
                try await setup.cli(["history", "Everyday Current", "--format", "json"]) == before,
                "a refusal removes nothing")
            let (_, confirmed) = post("account=Everyday+Current&date=\(date)&confirmed=yes")
            try await client.execute(uri: "/networth/update/remove", method: .post, headers: headers, body: confirmed) {
                response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/networth/account?name=Everyday%20Current")
            }
        }
        let after = try await setup.cli(["history", "Everyday Current", "--format", "json"])
        let left = try #require(try JSONSerialization.jsonObject(with: Data(after.utf8)) as? [[String: Any]])
        #expect(left.count == rows.count - 1)
        #expect(!after.contains("\"date\" : \"\(date)\""))
    }
}
