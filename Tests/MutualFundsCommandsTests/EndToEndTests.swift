import FeatureKitTesting
import Foundation
import NetworkingTesting
import Synchronization
import Testing

/// `folio funds …` run as a user would: the built binary, a temporary FOLIO_HOME (real SQLite), and a
/// loopback server replaying the recorded MF API answers.
@Suite("folio funds, end to end")
struct EndToEndTests {
    /// How the loopback API behaves; switchable between runs.
    final class API: Sendable {
        enum Mode: Sendable { case replay, failing }
        private let mode = Mutex(Mode.replay)
        func set(_ new: Mode) { mode.withLock { $0 = new } }

        func start() async throws -> LoopbackServer {
            try await LoopbackServer.start { [self] request in
                if mode.withLock({ $0 }) == .failing { return .json("upstream error", status: 500) }
                if request.path == "/mf/555" {
                    return .json(
                        #"{"meta":{"scheme_code":"555","scheme_name":"Odd Rows Fund - Direct Plan - Growth"},"data":[{"date":"03-01-2024","nav":"10.20000"},{"date":"32-01-2024","nav":"1"},{"date":"02-01-2024","nav":"N.A."},{"date":"01-01-2024","nav":"10.00000"}],"status":"SUCCESS"}"#
                    )
                }
                let (status, body) = try MFAPIReplay.answer(path: request.path)
                return .json(body, status: status)
            }
        }
    }

    func run(
        _ arguments: [String], home: URL, server: LoopbackServer, environment: [String: String] = [:]
    )
        async throws -> FolioProcess.Result
    {
        var environment = environment
        environment["FOLIO_MFAPI_URL"] = server.baseURL.absoluteString
        return try await FolioProcess.run(arguments, home: home, environment: environment)
    }

    @Test("search, show, nav, history, sip, rolling, compare against the replayed API")
    func happyPath() async throws {
        let api = API()
        let server = try await api.start()
        defer { Task { await server.stop() } }
        try await FolioBinary.withTemporaryHome { home in

            let search = try await run(
                ["funds", "search", "dsp", "gilt", "--format", "json"], home: home, server: server)
            #expect(search.exitCode == 0, "\(search.stderr)")
            let rows = try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as! [[String: Any]]
            #expect(rows.map { $0["code"] as! Int } == [100084, 100085, 100086])

            let show = try await run(["funds", "show", "122639"], home: home, server: server)
            #expect(show.exitCode == 0, "\(show.stderr)")
            #expect(show.stdout.contains("Parag Parikh Flexi Cap Fund - Direct Plan - Growth  (122639)"))
            #expect(show.stdout.contains("NAV ₹90.5289 on 2026-09-04"))
            #expect(show.stdout.contains("SI      +805.36%  +18.05%  2013-05-28  2026-09-04"))

            let nav = try await run(
                ["funds", "nav", "122639", "--on", "2024-03-31", "--format", "json"], home: home, server: server)
            #expect(nav.stdout.contains(#""date" : "2024-03-31""#))

            let csvFile = home.appendingPathComponent("history.csv")
            let history = try await run(
                ["funds", "history", "122639", "--from", "2026-09-01", "--format", "csv", "--output", csvFile.path],
                home: home,
                server: server)
            #expect(history.exitCode == 0)
            #expect(history.stdout.isEmpty)
            let csv = try String(contentsOf: csvFile, encoding: .utf8)
            #expect(
                csv.hasPrefix(
                    "date,nav\r\n2026-09-01,90.7896\r\n2026-09-02,90.5023\r\n2026-09-03,90.6349\r\n2026-09-04,90.5289\r\n"
                ))

            let sip = try await run(
                ["funds", "sip", "122639", "--amount", "5000", "--from", "2020-01-01"], home: home, server: server)
            #expect(sip.exitCode == 0)
            #expect(sip.stdout.contains("Installments  81 (2020-01-01 → 2026-09-01)"))

            let rolling = try await run(["funds", "rolling", "122639", "--window", "5Y"], home: home, server: server)
            #expect(rolling.exitCode == 0)
            #expect(rolling.stdout.contains("5Y rolling returns (CAGR)"))

            let compare = try await run(
                ["funds", "compare", "122639", "120505", "119598", "--format", "csv"], home: home, server: server)
            #expect(compare.exitCode == 0, "\(compare.stderr)")
            #expect(compare.stdout.hasPrefix("code,name,fundHouse,category,nav,navDate,return1Y,cagr3Y,cagr5Y,range,"))
            #expect(compare.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty && $0 != "\n" }.count == 4)
            // The list and each history were fetched once (a retry after a timeout aside); everything else came
            // from the cache.
            let paths = server.requests.map(\.path)
            #expect(Set(paths) == ["/mf", "/mf/119598", "/mf/120505", "/mf/122639"])
            #expect(paths.filter { $0 == "/mf/122639" }.count <= 2)
        }
    }

    @Test("a dead fund is shown with the age of its NAV")
    func deadFund() async throws {
        let server = try await API().start()
        defer { Task { await server.stop() } }
        let result = try await FolioBinary.withTemporaryHome { home in
            try await run(["funds", "show", "100027"], home: home, server: server)
        }
        #expect(result.exitCode == 0)
        #expect(result.stderr.contains("warning: the latest NAV of 100027 is 18 years old (2008-05-29)"))
        #expect(result.stdout.contains("Grindlays Super Saver Income Fund-GSSIF-Half Yearly Dividend"))
    }

    @Test("an unknown code exits 1 with 'no such scheme'; a non-numeric one is a usage error")
    func unknownCode() async throws {
        let server = try await API().start()
        defer { Task { await server.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            let unknown = try await run(["funds", "show", "99999999"], home: home, server: server)
            #expect(unknown.exitCode == 1)
            #expect(unknown.stdout.isEmpty)
            #expect(
                unknown.stderr.hasPrefix(
                    "error: no such scheme 99999999 — the MF API has no NAVs for it"))
            #expect(unknown.stderr.contains("hint: find scheme codes by searching for words of the name"))
            let usage = try await run(["funds", "show", "abcdef"], home: home, server: server)
            #expect(usage.exitCode == 64)
        }
    }

    @Test("malformed rows are skipped and counted")
    func malformedRows() async throws {
        let server = try await API().start()
        defer { Task { await server.stop() } }
        let result = try await FolioBinary.withTemporaryHome { home in
            try await run(["funds", "history", "555", "--format", "json"], home: home, server: server)
        }
        #expect(result.exitCode == 0)
        #expect(result.stderr.contains("warning: 2 malformed NAV rows from the API were skipped"))
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
        #expect(rows.map { $0["date"] as! String } == ["2024-01-01", "2024-01-03"])
    }

    @Test("500s: exit 69 naming the scheme with nothing cached; the stale copy, said to be stale, otherwise")
    func serverErrors() async throws {
        let api = API()
        let server = try await api.start()
        defer { Task { await server.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            api.set(.failing)
            let empty = try await run(["funds", "nav", "122639"], home: home, server: server)
            #expect(empty.exitCode == 69)
            #expect(
                empty.stderr.contains(
                    "error: the MF API's history of scheme 122639 is unavailable and nothing is cached"))
            #expect(empty.stderr.contains("HTTP 500"))
            api.set(.replay)
            let environment = ["FOLIO_FUNDS_HISTORY_TTL": "0s"]
            let warm = try await run(["funds", "nav", "122639"], home: home, server: server, environment: environment)
            #expect(warm.exitCode == 0)
            api.set(.failing)
            let stale = try await run(
                ["funds", "nav", "122639", "--format", "json"], home: home, server: server, environment: environment)
            #expect(stale.exitCode == 0, "\(stale.stderr)")
            #expect(stale.stderr.contains("warning: NAV history of 122639: stale, as of "))
            #expect(stale.stderr.contains("could not reach the MF API's history of scheme 122639"))
            #expect(stale.stdout.contains(#""stale" : true"#))
        }
    }

    @Test("a server that is down: exit 69, or the cache; --offline never asks")
    func serverDown() async throws {
        let api = API()
        let server = try await api.start()
        try await FolioBinary.withTemporaryHome { home in
            let warm = try await run(["funds", "search", "dsp"], home: home, server: server)
            #expect(warm.exitCode == 0)
            // The host retries a request that times out on a loaded machine, so count what --offline adds: nothing.
            let requestsBefore = server.requests.count
            #expect(Set(server.requests.map(\.path)) == ["/mf"])
            let offline = try await run(["funds", "search", "--offline", "dsp", "gilt"], home: home, server: server)
            #expect(offline.exitCode == 0)
            #expect(offline.stdout.contains("DSP Gilt Fund - Regular Plan - Growth"))
            let offlineMissing = try await run(["--offline", "funds", "show", "122639"], home: home, server: server)
            #expect(offlineMissing.exitCode == 69)
            #expect(offlineMissing.stderr.contains("no cached copy of the MF API's history of scheme 122639"))
            #expect(server.requests.count == requestsBefore)
            await server.stop()
            let down = try await run(["funds", "show", "122639"], home: home, server: server)
            #expect(down.exitCode == 69)
            #expect(
                down.stderr.contains(
                    "error: the MF API's history of scheme 122639 is unavailable and nothing is cached"))
            let cachedList = try await run(["funds", "search", "dsp", "--refresh"], home: home, server: server)
            #expect(cachedList.exitCode == 0)
            #expect(cachedList.stderr.contains("warning: the scheme list: stale, as of"))
            #expect(cachedList.stdout.contains("DSP"))
        }
    }

    @Test("favorites and the cache, across processes")
    func favoritesAndCache() async throws {
        let server = try await API().start()
        defer { Task { await server.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            #expect(try await run(["funds", "favorites", "add", "122639"], home: home, server: server).exitCode == 0)
            let list = try await run(["funds", "favorites", "list"], home: home, server: server)
            #expect(list.stdout.contains("₹90.5289"))
            let status = try await run(["funds", "cache", "status"], home: home, server: server)
            #expect(status.stdout.contains("NAV histories: 1 cached. Favorites: 1 (never cleared)."))
            // One rule in every feature: a confirmation that cannot be asked is a refusal (exit 1).
            let refused = try await run(["funds", "cache", "clear"], home: home, server: server)
            #expect(refused.exitCode == 1)
            #expect(refused.stderr.contains("not clearing the cache without confirmation"))
            let cleared = try await run(["funds", "cache", "clear", "--yes"], home: home, server: server)
            #expect(cleared.stdout.contains("Cleared 0 cached schemes and 1 NAV history; favorites kept."))
            let removed = try await run(["funds", "favorites", "remove", "122639"], home: home, server: server)
            #expect(removed.exitCode == 0)
        }
    }

    @Test("folio funds --help states the definitions")
    func help() async throws {
        let server = try await API().start()
        defer { Task { await server.stop() } }
        let help = try await FolioBinary.withTemporaryHome { home in
            try await run(["funds", "--help"], home: home, server: server)
        }
        #expect(help.exitCode == 0)
        #expect(help.stdout.contains("Definitions:"))
        #expect(help.stdout.contains("SUBCOMMANDS"))
        #expect(help.stdout.contains("search"))
    }
}
