import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The web sign-up's account currency, the portfolio in it, a trade converted at the rate, and the symbol links.
@Suite("/stocks in an account's own currency")
struct StocksCurrencyPageTests {
    func signUp(_ client: some TestClientProtocol, currency: String) async throws -> TestResponse {
        let (headers, body) = post(
            "email=pounds%40example.co.uk&password=violet+mountain+river&confirmation=violet+mountain+river"
                + "&currency=\(currency)")
        return try await client.execute(uri: "/stocks/signup", method: .post, headers: headers, body: body) { $0 }
    }

    @Test("an account signed up in pounds shows its figures in pounds and a dollar trade converted at the rate")
    func poundsAccount() async throws {
        let setup = Setup()
        try await setup.application().test(.router) { client in
            let form = try await client.execute(uri: "/stocks/signup", method: .get, headers: localhost) {
                String(buffer: $0.body)
            }
            #expect(form.contains("name=\"currency\"") && form.contains("value=\"USD\""))
            let bad = try await signUp(client, currency: "pounds")
            #expect(bad.status == .unprocessableContent)
            #expect(String(buffer: bad.body).contains("a currency is a three-letter ISO 4217 code"))
            let response = try await signUp(client, currency: "gbp")
            #expect(response.status == .seeOther)
            let cookie = String(try #require(sessionCookie(response)).prefix { $0 != ";" })
            let (_, before) = try await page(client, "/stocks", cookie: cookie)
            #expect(before.contains("Total value (GBP)") && before.contains("£10,000.00"))
            let bought = try await submit(client, "/stocks/trade", "symbol=AAPL&quantity=1&side=buy", cookie: cookie)
            #expect(bought.status == .seeOther)
            let (_, after) = try await page(client, "/stocks", cookie: cookie)
            #expect(after.contains("Total value (GBP)"))
            #expect(after.contains(symbolCell("AAPL")), "the holding links to its symbol page")
        }
    }
}
