import Failures
import FeatureKitTesting
import FeatureWeb
import Foundation
import Testing

/// Pages speak a page's words: no flag, command or terminal advice (issue 38 item 4).
@Suite struct PageWordsTests {
    @Test("a why or hint in the terminal's words is left out of a page; the rest is kept")
    func terminalWords() {
        let offline = FolioError(
            .unavailable, "no cached copy of the races board", why: "--offline never uses the network",
            hint: "run `folio races next` once online")
        #expect(PageWords.line(offline) == "no cached copy of the races board")
        #expect(PageWords.hint(offline) == nil)
        let plain = FolioError(.invalid, "\"soon\" is not a window", why: "a window is a duration such as 5m")
        #expect(PageWords.line(plain) == plain.line)
        #expect(PageWords.speaksTerminal("save one with folio etf save NAME FILE"))
        #expect(!PageWords.speaksTerminal("folio 77 / 1 holds 1500 units"), "a fund's folio number is no command")
        #expect(!PageWords.speaksTerminal("from 2024-01-01 — 2024-02-01, a well-known fund"))
    }

    @Test(
        "issue 38: the served pages of an offline server name no flag or command; the races card says it is offline in words"
    )
    func servedPages() async throws {
        try await FolioBinary.withTemporaryHome { home in
            #expect(try await FolioBinary.run(["networth", "sample"], home: home).exitCode == 0)
            let server = try await ServeProcess.start(home: home, environment: [:], arguments: ["--offline"])
            defer { _ = server.stop() }
            for path in ["/", "/alerts", "/races", "/networth", "/etf", "/etf/new", "/etf/saved", "/stocks/login"] {
                let (status, html) = try await server.get(path)
                // The races page of an offline server without a saved board is unavailable, and says why in words.
                #expect(status < 500 || (path == "/races" && status == 503), "\(path): \(status)")
                // What a person reads: the page without its attributes' and scripts' addresses.
                let text = html.replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression)
                #expect(!text.contains("--offline") && !text.contains("never uses the network"), "\(path)")
                for command in ["alerts", "etf", "funds", "networth", "overview", "races", "serve", "stocks"] {
                    #expect(!text.contains("folio \(command)"), "\(path) names the command folio \(command)")
                }
                #expect(text.range(of: #"(^|\s)--[a-z]"#, options: .regularExpression) == nil, "\(path) names a flag")
            }
            for path in ["/", "/races"] {
                let (_, html) = try await server.get(path)
                #expect(html.contains("This server is offline: it never fetches races"), "\(path): \(html)")
            }
        }
    }
}
