import FeatureKitTesting
import Foundation
import NetworkingTesting
import Synchronization
import Testing

/// Issue 37 item 6, run as a user would: a Yahoo that answers 429 with a plain-text body and `Retry-After`, then an
/// Alpha Vantage that answers its HTTP-200 `Note`. `Retry-After: 120` is beyond what the client waits for (30 s),
/// so nothing here sleeps.
@Suite(.serialized) struct MarketThrottleEndToEndTests {
    /// Yahoo answering the recorded AAPL chart until `throttled`, then 429 in plain text.
    final class Upstream: Sendable {
        /// Whether Yahoo answers 429.
        final class Flag: Sendable {
            let value = Mutex(false)
        }

        let throttled = Flag()
        let yahoo: LoopbackServer
        let alphaVantage: LoopbackServer

        init() async throws {
            let throttled = throttled
            yahoo = try await LoopbackServer.start { _ in
                guard !throttled.value.withLock({ $0 }) else {
                    return LoopbackResponse(
                        status: 429, headers: ["Content-Type": "text/plain", "Retry-After": "120"],
                        body: Data("Too Many Requests\r\n".utf8))
                }
                return try .fixture("yahoo/fbriden_AAPL_range5d.json")
            }
            alphaVantage = try await LoopbackServer.start { _ in
                .json(
                    #"{"Note": "Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute and 500 calls per day. Please visit https://www.alphavantage.co/premium/ if you would like to target a higher API call frequency."}"#
                )
            }
        }

        func environment(provider: String) -> [String: String] {
            [
                "FOLIO_MARKET": provider, "FOLIO_YAHOO_URL": yahoo.baseURL.absoluteString,
                "FOLIO_ALPHAVANTAGE_URL": alphaVantage.baseURL.absoluteString, "FOLIO_ALPHAVANTAGE_KEY": "demo",
                "FOLIO_QUOTES_TTL": "0s",
            ]
        }

        func stop() async {
            await yahoo.stop()
            await alphaVantage.stop()
        }
    }

    @Test func throttledProvidersAreExit69NamingTheSymbolAndProviderAndAStoredPriceIsUsedWithItsAge() async throws {
        let upstream = try await Upstream()
        defer { Task { await upstream.stop() } }
        upstream.throttled.value.withLock { $0 = true }
        try await FolioBinary.withTemporaryHome { home in
            // Yahoo first: its 429 is the refusal reported (Alpha Vantage, asked next, sends its Note).
            let yahoo = try await FolioBinary.run(
                ["stocks", "quotes", "AAPL"], home: home, environment: upstream.environment(provider: "yahoo"))
            #expect(yahoo.exitCode == 69 && yahoo.stdout.isEmpty, "\(yahoo.stderr)")
            #expect(yahoo.stderr.hasPrefix("error: no prices available from Yahoo Finance"), "\(yahoo.stderr)")
            #expect(yahoo.stderr.contains("no price for AAPL from Yahoo Finance: HTTP 429: Too Many Requests"))
            #expect(yahoo.stderr.contains("retry after 120 s"), "\(yahoo.stderr)")
            #expect(!upstream.alphaVantage.requests.isEmpty, "Alpha Vantage was asked as the fallback")
            // Alpha Vantage first: its HTTP-200 Note is a refusal, not data.
            let alpha = try await FolioBinary.run(
                ["stocks", "quotes", "AAPL"], home: home, environment: upstream.environment(provider: "alphavantage"))
            #expect(alpha.exitCode == 69 && alpha.stdout.isEmpty, "\(alpha.stderr)")
            #expect(
                alpha.stderr.contains(
                    "no price for AAPL from Alpha Vantage: Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute and 500 calls per day."
                ), "\(alpha.stderr)")
        }
        try await FolioBinary.withTemporaryHome { home in
            upstream.throttled.value.withLock { $0 = false }
            let environment = upstream.environment(provider: "yahoo")
            let fresh = try await FolioBinary.run(["stocks", "quotes", "AAPL"], home: home, environment: environment)
            #expect(fresh.exitCode == 0 && fresh.stdout.contains("$289.07") && fresh.stderr.isEmpty, "\(fresh.stderr)")
            upstream.throttled.value.withLock { $0 = true }
            let stale = try await FolioBinary.run(["stocks", "quotes", "AAPL"], home: home, environment: environment)
            #expect(stale.exitCode == 0, "\(stale.stderr)")
            #expect(stale.stdout.contains("$289.07*") && stale.stdout.contains("STALE: last known prices"))
            // The warning gives the stored price's age ("… (3s old)") and why it is stale, naming symbol and provider.
            #expect(stale.stderr.contains("warning: prices are the last known from Yahoo Finance, as of "))
            #expect(stale.stderr.range(of: #"\(\d+s old\)"#, options: .regularExpression) != nil, "\(stale.stderr)")
            #expect(stale.stderr.contains("no price for AAPL from Yahoo Finance: HTTP 429"), "\(stale.stderr)")
            let json = try await FolioBinary.run(
                ["stocks", "quotes", "AAPL", "--format", "json"], home: home, environment: environment)
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(rows.first?["stale"] as? Bool == true && rows.first?["price"] as? Double == 289.07)
        }
    }
}
