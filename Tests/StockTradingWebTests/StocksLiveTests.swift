import FeatureKit
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StockTrading
import Synchronization
import Testing
import Timing
import TimingTesting

@testable import StockTradingWeb

@Suite("/stocks live prices")
struct StocksLiveTests {
    @Test("the portfolio, quotes and watchlist pages keep their priced region live, and show it plain with its as-of")
    func pagesAreLive() async throws {
        let setup = Setup()
        try await setup.application().test(.router) { client in
            let cookie = try await logIn(client)
            for (path, view) in [
                ("/stocks", "portfolio"), ("/stocks/quotes", "quotes"), ("/stocks/watchlist", "watchlist"),
            ] {
                #expect(
                    try await submit(client, "/stocks/watchlist/add", "symbols=AAPL", cookie: cookie).status
                        == .seeOther)
                let (status, html) = try await page(client, path, cookie: cookie)
                #expect(status == .ok)
                #expect(html.contains("data-stocks-events=\"/stocks/events?view=\(view)\""), "\(path)")
                #expect(html.contains("<script src=\"/stocks/live.js\" defer></script>"), "\(path)")
                #expect(html.contains("as of <time datetime="), "\(path): its as-of without JavaScript")
            }
            let (_, plain) = try await page(client, "/stocks/quotes?live=0", cookie: cookie)
            #expect(
                !plain.contains("data-stocks-events") && !plain.contains("/stocks/live.js")
                    && plain.contains(symbolCell("AAPL")))
            try await client.execute(uri: "/stocks/live.js", method: .get, headers: localhost) { response in
                #expect(response.status == .ok && String(buffer: response.body).contains("data-stocks-events"))
                #expect(response.headers[.setCookie] == nil, "a cacheable script sets no cookie")
            }
            var headers = localhost
            headers[.cookie] = cookie
            try await client.execute(uri: "/stocks/events?view=everything", method: .get, headers: headers) {
                response in
                #expect(response.status == .unprocessableContent)
            }
            try await client.execute(uri: "/stocks/events?view=quotes", method: .get, headers: localhost) { response in
                #expect(response.status == .seeOther, "the stream needs a login")
            }
        }
    }

    @Test("the stream sends the region's markup at the quotes' refresh rate (60 s), not on every tick")
    func streamAtTheRefreshRate() async throws {
        let setup = Setup()
        let environment = setup.environment()
        let services = StockTradingServices(store: setup.store, timing: setup.timing)
        try await services.prepare()
        let owner = try await services.accounts.authenticate(
            email: "test@stockport.com", password: "Test@123", client: nil)
        let response = StocksLive(environment: environment).stream(.quotes, owner: owner, csrf: "token")
        #expect(response.headers[.contentType] == "text/event-stream")
        let written = Collected()
        let task = Task { try await response.body.write(CollectingBody(collected: written)) }
        defer { task.cancel() }
        await setup.clock.waitForSleepers(1)
        await setup.clock.advance(by: .seconds(59))
        for _ in 0..<1000 where !written.text.contains(": tick") { await Task.yield() }
        #expect(!written.text.contains("event: prices"), "nothing before the refresh")
        await setup.clock.advance(by: .seconds(1))
        for _ in 0..<10_000 where !written.text.contains("event: prices") { await Task.yield() }
        let text = written.text
        #expect(text.contains("event: prices\ndata: "))
        #expect(text.contains(symbolCell("AAPL")) && text.contains("id=\"quotes\"") && text.contains("as of <time"))
    }
}

/// What a response body wrote.
private final class Collected: Sendable {
    private let buffer = Mutex("")
    var text: String { buffer.withLock { $0 } }
    func append(_ text: String) { buffer.withLock { $0 += text } }
}

/// A body writer that keeps what it is given.
private struct CollectingBody: ResponseBodyWriter {
    let collected: Collected

    mutating func write(_ buffer: ByteBuffer) async throws { collected.append(String(buffer: buffer)) }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
