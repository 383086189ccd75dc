import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The account and rate forms of `/networth`: what the terminal's `accounts add`, `accounts remove` and
/// `rate set` do, from the browser, refusals beside their fields and nothing stored on a refusal.
@Suite struct AccountFormsTests {
    @Test("an account added from the page is in the CLI's list with its opening balance")
    func addsAnAccount() async throws {
        let setup = try await Setup.withSample()
        let (headers, body) = post("name=Holiday+Pot&type=savings&currency=&balance=1%2C250.50&date=2025-11-01")
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/accounts/add", method: .post, headers: headers, body: body) {
                response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/networth")
            }
        }
        let list = try await setup.cli(["accounts", "list", "--format", "csv"])
        #expect(list.contains("Holiday Pot,savings,false,GBP,true,"), "\(list)")
        #expect(list.contains("1250.5"), "\(list)")
    }

    @Test(
        "a taken name, an unknown currency, a bad type and a sub-penny balance are refused beside their fields",
        arguments: [
            ("name=everyday+current&type=savings", "name", "already"),
            ("name=New&type=savings&currency=XYZ", "currency", "unknown currency XYZ"),
            ("name=New&type=yacht", "type", "choose the account&#39;s type"),
            ("name=New&type=savings&balance=1.001", "balance", "at most 2 decimals"),
        ])
    func refusesBesideTheField(form: String, field: String, message: String) async throws {
        let setup = try await Setup.withSample()
        let before = try await setup.cli(["accounts", "list", "--format", "json"])
        let (headers, body) = post(form)
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/accounts/add", method: .post, headers: headers, body: body) {
                response in
                let html = String(buffer: response.body)
                #expect(response.status.code >= 400 && response.status.code < 500, "\(response.status)")
                #expect(html.contains("id=\"\(field)-error\">"), "\(field)")
                #expect(html.contains(message), "\(message)")
                #expect(html.contains("action=\"/networth/accounts/add\""), "the form stays")
            }
        }
        #expect(try await setup.cli(["accounts", "list", "--format", "json"]) == before)
    }

    @Test("removing asks first on a page of its own; only the confirmed post removes")
    func removeConfirms() async throws {
        let setup = try await Setup.withSample()
        let before = try await setup.cli(["accounts", "list", "--format", "json"])
        try await setup.application().test(.router) { client in
            let (headers, first) = post("account=Everyday+Current")
            try await client.execute(uri: "/networth/accounts/remove", method: .post, headers: headers, body: first) {
                response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("Remove <strong>Everyday Current</strong>"))
                #expect(html.contains("name=\"confirmed\" value=\"yes\""))
            }
        }
        #expect(try await setup.cli(["accounts", "list", "--format", "json"]) == before, "nothing removed yet")
        try await setup.application().test(.router) { client in
            let (headers, confirmed) = post("account=Everyday+Current&confirmed=yes")
            try await client.execute(uri: "/networth/accounts/remove", method: .post, headers: headers, body: confirmed)
            { response in
                #expect(response.status == .seeOther)
            }
        }
        #expect(!(try await setup.cli(["accounts", "list", "--format", "csv"])).contains("Everyday Current"))
    }

    @Test("a rate set from the page converts the account; a rate over 10⁶ is refused beside the rate")
    func setsARate() async throws {
        let setup = Setup()
        try await setup.cli([
            "accounts", "add", "--name", "Wise", "--type", "foreign-currency", "--currency", "USD", "--balance", "100",
            "--date", "2025-11-01",
        ])
        try await setup.application().test(.router) { client in
            let (headers, huge) = post("currency=usd&rate=2000000&date=2025-01-01")
            try await client.execute(uri: "/networth/rates/set", method: .post, headers: headers, body: huge) {
                response in
                let html = String(buffer: response.body)
                #expect(response.status.code >= 400 && response.status.code < 500)
                #expect(html.contains("id=\"rate-error\">"))
                #expect(html.contains("10⁶"))
            }
            let (_, good) = post("currency=usd&rate=0.8&date=2025-01-01")
            try await client.execute(uri: "/networth/rates/set", method: .post, headers: headers, body: good) {
                response in
                #expect(response.status == .seeOther)
            }
        }
        #expect(try await setup.cli(["summary", "--format", "json"]).contains("\"netWorth\" : 80"))
    }
}
