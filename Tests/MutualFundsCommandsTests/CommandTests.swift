import ArgumentParser
import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Networking
import NetworkingTesting
import Persistence
import Settings
import Synchronization
import Testing
import Timing
import TimingTesting

@testable import MutualFunds
@testable import MutualFundsCommands

@Suite("folio funds commands, in process")
struct CommandTests {
    @Test("search: JSON rows with the issue's keys, nulls explicit")
    func searchJSON() async throws {
        let harness = Harness()
        let rows = try await harness.json(["search", "aditya", "liquid", "--option", "growth"]) as! [[String: Any]]
        #expect(rows.map { $0["code"] as! Int } == [100043, 100042, 100047, 100055])
        #expect(
            Set(rows[0].keys) == [
                "code", "name", "fundHouse", "category", "plan", "option", "isinGrowth", "isinDivReinvestment",
            ])
        let retail = try #require(rows.first { $0["code"] as? Int == 100042 })
        #expect(retail["fundHouse"] as? String == "Aditya Birla Sun Life Mutual Fund")
        #expect(retail["category"] as? String == "debt")
        #expect(retail["plan"] is NSNull)
        #expect(retail["option"] as? String == "growth")
        #expect(retail["isinGrowth"] as? String == "INF209K01ME4")
        #expect(retail["isinDivReinvestment"] is NSNull)
    }

    @Test("search: CSV with the same columns; the table says how many and as of when")
    func searchCSVAndTable() async throws {
        let harness = Harness()
        let csv = try await harness.run(["search", "dsp", "gilt", "--format", "csv"]).output
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines[0] == "code,name,fundHouse,category,plan,option,isinGrowth,isinDivReinvestment")
        #expect(
            lines[1] == "100084,DSP Gilt Fund - Regular Plan - Growth,DSP Mutual Fund,debt,regular,growth,INF740K01615,"
        )
        let table = try await harness.run(["search", "aditya", "--limit", "2"]).output
        #expect(table.contains("CODE"))
        #expect(table.contains("2 schemes shown; more match — add words or raise --limit (2)."))
        #expect(table.contains("Scheme list of 50 schemes as of"))
        let none = try await harness.run(["search", "nonexistent", "--plan", "direct"]).output
        #expect(none.hasPrefix("No schemes match \"nonexistent\" with plan direct."))
    }

    @Test("search on a narrow terminal shortens names on the screen; --output FILE writes them whole")
    func searchToAFileFromATerminalKeepsNamesWhole() async throws {
        let harness = Harness()
        let screen = try await harness.run(["search", "dsp", "gilt"], interactive: true, width: 60).output
        #expect(screen.contains("…"))
        #expect(!screen.contains("DSP Gilt Fund - Regular Plan - Growth"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("search-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let written = try await harness.run(
            ["search", "dsp", "gilt", "--output", file.path], interactive: true, width: 60)
        #expect(written.output.isEmpty)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("100084  DSP Gilt Fund - Regular Plan - Growth"))
        #expect(!text.contains("…"))
    }

    @Test("search needs words or a filter; bad filters are usage errors")
    func searchUsage() async throws {
        #expect(throws: (any Error).self) { try FundsCommand.parseAsRoot(["search"]) }
        #expect(throws: (any Error).self) { try FundsCommand.parseAsRoot(["search", "&"]) }
        #expect(throws: (any Error).self) { try FundsCommand.parseAsRoot(["search", "x", "--category", "stocks"]) }
        #expect(throws: (any Error).self) { try FundsCommand.parseAsRoot(["search", "x", "--limit", "0"]) }
        #expect(FundsCommand.exitCode(for: ValidationError("x")).rawValue == 64)
        _ = try FundsCommand.parseAsRoot(["search", "--house", "ppfas"])
        _ = try FundsCommand.parseAsRoot(["search", "x", "--option", "Dividend"])
    }

    @Test("show: JSON with every key of the issue, values from the definitions")
    func showJSON() async throws {
        let harness = Harness()
        let json = try await harness.json(["show", "122639"]) as! [String: Any]
        for key in [
            "code", "name", "fundHouse", "category", "nav", "navDate", "dailyChange", "dailyChangePercent", "returns",
            "volatility", "maxDrawdown", "sharpe", "stale", "asOf",
        ] {
            #expect(json[key] != nil, "\(key)")
        }
        #expect(json["code"] as? Int == 122639)
        #expect(json["fundHouse"] as? String == "PPFAS Mutual Fund")
        #expect(json["category"] as? String == "equity")
        #expect((json["nav"] as? NSNumber)?.decimalValue == Decimal(string: "90.5289"))
        #expect(json["navDate"] as? String == "2026-09-04")
        #expect(json["navAgeDays"] as? Int == 1)
        #expect(abs((json["dailyChange"] as! Double) - -0.106) < 1e-12)
        let returns = try #require(json["returns"] as? [String: Any])
        #expect(Set(returns.keys) == ["1W", "1M", "3M", "6M", "1Y", "3Y", "5Y", "10Y", "SI"])
        let threeYears = try #require(returns["3Y"] as? [String: Any])
        #expect(abs((threeYears["absolute"] as! Double) - 0.45611106017689695) < 1e-12)
        #expect(abs((threeYears["annualized"] as! Double) - 0.1333095110929705) < 1e-12)
        #expect(threeYears["fromDate"] as? String == "2023-09-04")
        let week = try #require(returns["1W"] as? [String: Any])
        #expect(week["annualized"] is NSNull)
        let drawdown = try #require(json["maxDrawdown"] as? [String: Any])
        #expect(drawdown["peakDate"] as? String == "2025-10-27")
        #expect(abs((json["volatility"] as! Double) - 0.08806445965504207) < 1e-12)
        #expect(json["stale"] as? Bool == false)
    }

    @Test("show: the risk-free rate is configurable for the Sharpe ratio")
    func riskFreeRate() async throws {
        let harness = Harness()
        let json =
            try await harness.json(["show", "122639"], environment: ["FOLIO_FUNDS_RISK_FREE_RATE": "5%"])
            as! [String: Any]
        #expect(abs((json["sharpe"] as! Double) - -0.8076716990462801) < 1e-12)
        #expect(json["riskFreeRate"] as? Double == 0.05)
        let error = await folioError {
            try await harness.run(["show", "122639"], environment: ["FOLIO_FUNDS_RISK_FREE_RATE": "lots"])
        }
        #expect(error?.kind == .usage)
        #expect(error?.what == "FOLIO_FUNDS_RISK_FREE_RATE is not a rate")
        let fromFile = Configuration(
            file: ["funds.riskFreeRate": "banana", "funds.concurrency": "4"], filePath: "/home/ana/folio/config.json")
        let fileError = #expect(throws: FolioError.self) { try FundsSettings(fromFile) }
        #expect(fileError?.what == "config.json key \"funds.riskFreeRate\" (/home/ana/folio/config.json) is not a rate")
        let concurrency = #expect(throws: FolioError.self) {
            try FundsSettings(Configuration(file: ["funds.concurrency": "99"], filePath: "/c.json"))
        }
        #expect(concurrency?.what == "config.json key \"funds.concurrency\" (/c.json) is not a number from 1 to 32")
    }

    @Test("risk-free rates: fractions or percentages, blanks around them, within ±100 %")
    func riskFreeRateParsing() {
        #expect(FundsSettings.parseRate("0.065") == 0.065)
        #expect(FundsSettings.parseRate(" 6.5% ") == 0.065)
        #expect(FundsSettings.parseRate("\t6.5 %") == 0.065)
        #expect(FundsSettings.parseRate("-100%") == -1)
        #expect(FundsSettings.parseRate("101%") == nil)
        #expect(FundsSettings.parseRate("2") == nil)
        #expect(FundsSettings.parseRate("%") == nil)
        #expect(FundsSettings.parseRate("") == nil)
        #expect(FundsSettings.parseRate("six") == nil)
    }

    @Test("show: a dead fund says how old its NAV is; not-available returns are null")
    func deadFund() async throws {
        let harness = Harness()
        let terminal = try await harness.run(["show", "100027"])
        #expect(terminal.errors.contains("the latest NAV of 100027 is 18 years old (2008-05-29)"))
        #expect(terminal.errors.contains("wound up or merged"))
        #expect(terminal.output.contains("NAV ₹10.7205 on 2008-05-29 (18 years old)"))
        #expect(terminal.output.contains("Standard Chartered Mutual Fund · Income · debt · idcw"))
        let json = try await harness.json(["show", "100027"]) as! [String: Any]
        let returns = try #require(json["returns"] as? [String: Any])
        #expect(returns["1Y"] is NSNull)
        #expect(json["volatility"] is NSNull)
        #expect(json["sharpe"] is NSNull)
        #expect(json["navAgeDays"] as? Int == 6673)
    }

    @Test("show: table with returns, risk and a chart; --svg writes the chart")
    func showTable() async throws {
        let harness = Harness()
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("funds-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: svg) }
        let output = try await harness.run(["show", "122639", "--range", "3y", "--svg", svg.path]).output
        #expect(output.contains("PERIOD"))
        #expect(output.contains("3Y       +45.61%  +13.33%  2023-09-04  2026-09-04"))
        #expect(output.contains("Volatility (1Y) 8.81%"))
        #expect(output.contains("NAV, 3Y"))
        #expect(output.contains("┤"))
        let document = try String(contentsOf: svg, encoding: .utf8)
        #expect(document.hasPrefix("<svg"))
        #expect(document.contains("Parag Parikh Flexi Cap Fund - Direct Plan - Growth — NAV, 3Y"))
    }

    @Test("an unknown code: no such scheme, exit 1; the API's 400: refused, exit 1")
    func unknownCode() async throws {
        let harness = Harness()
        let error = await folioError { try await harness.run(["show", "99999999"]) }
        #expect(error?.exitCode == 1)
        #expect(error?.what == "no such scheme 99999999")
        #expect(error?.hint == "find scheme codes by searching for words of the name")
        #expect(throws: (any Error).self) { try FundsCommand.parseAsRoot(["show", "abc"]) }
        #expect(throws: (any Error).self) { try FundsCommand.parseAsRoot(["show", "-5"]) }
        harness.set(.failing(status: 400))
        let refused = await folioError { try await harness.run(["nav", "12345"]) }
        #expect(refused?.exitCode == 1)
        #expect(refused?.what == "scheme code 12345 was refused")
    }

    @Test("nav --on: the date used is always shown, weekend points included")
    func navOn() async throws {
        let harness = Harness()
        let saturday = try await harness.json(["nav", "122639", "--on", "2024-03-30"]) as! [String: Any]
        #expect(saturday["date"] as? String == "2024-03-28")
        #expect(saturday["requestedDate"] as? String == "2024-03-30")
        #expect(saturday["exact"] as? Bool == false)
        let sunday = try await harness.json(["nav", "122639", "--on", "2024-03-31"]) as! [String: Any]
        #expect(sunday["date"] as? String == "2024-03-31")
        #expect(sunday["exact"] as? Bool == true)
        #expect((sunday["nav"] as? NSNumber)?.decimalValue == Decimal(string: "74.8685"))
        let text = try await harness.run(["nav", "122639", "--on", "2024-03-30"]).output
        #expect(
            text.hasPrefix("₹74.8659 on 2024-03-28 — no NAV on 2024-03-30 (Saturday); this is the nearest earlier NAV"))
        let before = await folioError { try await harness.run(["nav", "122639", "--on", "2013-01-01"]) }
        #expect(before?.exitCode == 1)
        #expect(before?.why == "its history starts on 2013-05-28")
        let dayFirst = await folioError { try await harness.run(["nav", "122639", "--on", "31-03-2024"]) }
        #expect(dayFirst?.exitCode == 64 && dayFirst?.what == "--on \"31-03-2024\" is not a date")
    }

    @Test("history: ascending, inclusive bounds, CSV and JSON with the same columns")
    func history() async throws {
        let harness = Harness()
        let rows =
            try await harness.json(["history", "122639", "--from", "2024-03-27", "--to", "2024-04-02"])
            as! [[String: Any]]
        #expect(
            rows.map { $0["date"] as! String } == [
                "2024-03-27", "2024-03-28", "2024-03-31", "2024-04-01", "2024-04-02",
            ])
        #expect(Set(rows[0].keys) == ["date", "nav"])
        let csv = try await harness.run([
            "history", "122639", "--from", "2024-03-28", "--to", "2024-03-31", "--format", "csv",
        ]).output
        #expect(csv.hasPrefix("date,nav\r\n2024-03-28,74.8659\r\n2024-03-31,74.8685\r\n"))
        let reversed = await folioError {
            try await harness.run(["history", "122639", "--from", "2024-05-01", "--to", "2024-04-01"])
        }
        #expect(reversed?.exitCode == 64 && reversed?.what == "--from 2024-05-01 is after --to 2024-04-01")
        let empty = try await harness.run(["history", "122639", "--to", "2010-01-01"]).output
        #expect(empty.contains("No NAVs of 122639 in that range; its history runs 2013-05-28 to 2026-09-04."))
    }

    @Test("sip: installments, units, invested, value, return and XIRR")
    func sip() async throws {
        let harness = Harness()
        let json =
            try await harness.json(["sip", "122639", "--amount", "5,000", "--from", "2024-01-01", "--to", "2024-06-30"])
            as! [String: Any]
        #expect(json["installmentCount"] as? Int == 6)
        let installments = try #require(json["installments"] as? [[String: Any]])
        // 2024-06-01 is a Saturday: bought at the next NAV.
        #expect(installments.last?["scheduled"] as? String == "2024-06-01")
        #expect(installments.last?["date"] as? String == "2024-06-03")
        #expect((json["invested"] as? NSNumber)?.decimalValue == 30000)
        #expect(json["valuationDate"] as? String == "2024-06-28")
        #expect(json["xirr"] is Double)
        let text = try await harness.run([
            "sip", "122639", "--amount", "5000", "--from", "2024-01-01", "--to", "2024-06-30", "--details",
        ]).output
        #expect(text.contains("Installments  6 (2024-01-01 → 2024-06-03)"))
        #expect(text.contains("Invested      ₹30,000.00"))
        #expect(text.contains("XIRR"))
        #expect(text.contains("NAV DATE"))
        let early = await folioError {
            try await harness.run(["sip", "122639", "--amount", "100", "--from", "2012-01-01"])
        }
        #expect(early?.exitCode == 1)
        // The service's words, as the page shows them: the terminal does not rewrite a refusal.
        #expect(early?.hint == "start on 2013-05-28 or later" && early?.field == "from")
        #expect(throws: (any Error).self) {
            try FundsCommand.parseAsRoot(["sip", "122639", "--amount", "-5", "--from", "2020-01-01"])
        }
        #expect(throws: (any Error).self) {
            try FundsCommand.parseAsRoot(["sip", "122639", "--amount", "5", "--day", "32", "--from", "2020-01-01"])
        }
    }

    @Test("rolling: summary and buckets; a short history is refused")
    func rolling() async throws {
        let harness = Harness()
        let json = try await harness.json(["rolling", "122639", "--window", "3Y"]) as! [String: Any]
        #expect(json["count"] as? Int == 2529)
        #expect(json["firstStart"] as? String == "2013-05-28")
        #expect(json["negativeShare"] as? Double == 0)
        let buckets = try #require(json["buckets"] as? [[String: Any]])
        #expect(buckets.map { $0["count"] as! Int }.reduce(0, +) == 2529)
        #expect(buckets.map { $0["label"] as! String } == ["< 0 %", "0–5 %", "5–10 %", "10–15 %", "15–20 %", "≥ 20 %"])
        let short = await folioError { try await harness.run(["rolling", "119598", "--window", "1Y"]) }
        #expect(short?.exitCode == 1)
        #expect(short?.what == "no 1Y rolling returns for 119598")
    }

    @Test("compare: side by side, duplicates dropped, a progress bar on a terminal")
    func compare() async throws {
        let harness = Harness()
        let rows = try await harness.json(["compare", "122639", "120505", "122639", "119598"]) as! [[String: Any]]
        #expect(rows.map { $0["code"] as! Int } == [122639, 120505, 119598])
        #expect(abs((rows[0]["cagr3Y"] as! Double) - 0.1333095110929705) < 1e-12)
        #expect(rows[1]["cagr3Y"] is NSNull)
        let terminal = try await harness.run(["compare", "122639", "120505", "--refresh"], interactive: true)
        #expect(terminal.errors.contains("Fetching 2 NAV histories"))
        #expect(terminal.output.contains("₹100 invested"))
        let error = await folioError { try await harness.run(["compare", "122639", "99999999"]) }
        #expect(error?.what == "no such scheme 99999999")
        #expect(throws: (any Error).self) { try FundsCommand.parseAsRoot(["compare", "122639"]) }
        #expect(throws: (any Error).self) { try FundsCommand.parseAsRoot(["compare", "122639", "122639"]) }
    }

    // The limit only ends a hang: a run of the whole suite on two cores can keep a test queued for over a minute.
    @Test("compare fetches concurrently, never more than the bound at once", .timeLimit(.minutes(10)))
    func boundedConcurrency() async throws {
        for limit in [2, 4] {
            let codes = (1...10).map { 200_000 + $0 }
            let gate = Gate(limit: limit, total: codes.count)
            let http = StubHTTPClient { request in
                await gate.enter()
                let body = try Fixtures.data("mfapi/scheme_119598_sbi_largecap_direct_30pts.json")
                await gate.leave()
                return HTTPResponse(status: 200, body: body, url: request.url)
            }
            let terminal = CapturedTerminal()
            let context = FeatureContext.test(
                featureID: "funds", http: http, store: InMemoryDatabase().store(namespace: "funds"),
                configuration: Configuration(environment: ["FOLIO_FUNDS_CONCURRENCY": "\(limit)"]), terminal: terminal)
            let command =
                try FundsCommand.parseAsRoot(["compare"] + codes.map(String.init) + ["--format", "json"])
                as! CompareCommand
            try await command.run(in: context)
            #expect(await gate.maxInFlight == limit)
            #expect(http.requests.count == 10)
        }
    }

    @Test("favorites: add (checked with the API), list with NAV and changes, remove")
    func favorites() async throws {
        let harness = Harness()
        #expect(try await harness.run(["favorites", "add", "122639"]).output.contains("Added 122639 Parag Parikh"))
        #expect(try await harness.run(["favorites", "add", "122639"]).output.contains("already a favorite"))
        try await harness.run(["favorites", "add", "100027"])
        let unknown = await folioError { try await harness.run(["favorites", "add", "99999999"]) }
        #expect(unknown?.exitCode == 1)
        let rows = try await harness.json(["favorites", "list"]) as! [[String: Any]]
        #expect(rows.map { $0["code"] as! Int } == [100027, 122639])
        #expect(abs((rows[1]["change1D"] as! Double) - -0.0011695274116263477) < 1e-12)
        #expect(rows[0]["return1Y"] is NSNull)
        let table = try await harness.run(["favorites", "list"]).output
        #expect(table.contains("₹90.5289"))
        #expect(try await harness.run(["favorites", "remove", "122639"]).output.contains("Removed 122639"))
        let missing = await folioError { try await harness.run(["favorites", "remove", "122639"]) }
        #expect(missing?.exitCode == 1)
        #expect(missing?.what == "122639 is not a favorite")
    }

    @Test("favorites list degrades per scheme when one cannot be fetched")
    func favoritesPartial() async throws {
        let harness = Harness()
        try await harness.run(["favorites", "add", "122639"])
        try await harness.run(["favorites", "add", "119598"])
        try await harness.run(["cache", "clear", "--yes"])
        try await harness.run(["nav", "122639"])
        let terminal = try await harness.run(["favorites", "list", "--format", "json"], offline: true)
        let rows = try JSONSerialization.jsonObject(with: Data(terminal.output.utf8)) as! [[String: Any]]
        #expect(rows[0]["code"] as? Int == 119598)
        #expect(rows[0]["nav"] is NSNull)
        #expect(rows[0]["error"] as? String == "no cached copy of the MF API's history of scheme 119598")
        #expect(rows[1]["nav"] is NSNumber)
        #expect(terminal.errors.contains("warning: 119598: no cached copy"))
    }

    @Test("cache status and clear (favorites survive; clear asks unless --yes)")
    func cache() async throws {
        let harness = Harness()
        try await harness.run(["search", "dsp"])
        try await harness.run(["show", "122639"])
        try await harness.run(["favorites", "add", "122639"])
        let status = try await harness.json(["cache", "status"]) as! [String: Any]
        let list = try #require(status["list"] as? [String: Any])
        #expect(list["schemes"] as? Int == 50)
        #expect(list["stale"] as? Bool == false)
        let histories = try #require(status["histories"] as? [[String: Any]])
        #expect(histories.map { $0["code"] as! Int } == [122639])
        #expect(histories.first?["points"] as? Int == 3266)
        #expect(status["favorites"] as? Int == 1)
        harness.wall.advance(by: 45 * 60)
        let text = try await harness.run(["cache", "status"]).output
        #expect(text.contains("Scheme list: 50 schemes, fetched"))
        #expect(text.contains("fresh for 15m"))
        #expect(text.contains("stale (expired 15m ago)"))
        let refused = await folioError { try await harness.run(["cache", "clear"]) }
        #expect(refused?.kind == .refused)
        let declined = try await harness.run(["cache", "clear"], interactive: true, input: ["n"])
        #expect(declined.errors.contains("Nothing was cleared."))
        let cleared = try await harness.run(["cache", "clear"], interactive: true, input: ["y"])
        #expect(cleared.output.contains("Cleared 50 cached schemes and 1 NAV history; favorites kept."))
        let after = try await harness.json(["cache", "status"]) as! [String: Any]
        #expect(after["list"] is NSNull)
        #expect(after["favorites"] as? Int == 1)
    }

    @Test("--help states the definitions and examples")
    func help() {
        let help = FundsCommand.helpMessage(for: ShowCommand.self, columns: 1000)
        #expect(help.contains("(end NAV / start NAV)^(365 / days) − 1"))
        #expect(help.contains("× √252"))
        #expect(help.contains("folio funds show 122639 --range 5Y --svg ppfas.svg"))
        let root = FundsCommand.helpMessage(columns: 1000)
        #expect(root.contains("solved to 1e-10"))
        #expect(root.contains("never 0"))
        #expect(!root.contains("bench-analytics"))
        let sip = FundsCommand.helpMessage(for: SIPCommand.self, columns: 1000)
        #expect(sip.contains("Σ CFᵢ / (1 + r)^((dᵢ − d₀) / 365) = 0"))
    }
}

/// Holds requests until `limit` are in flight (or every request has started), recording the most in flight.
actor Gate {
    let limit: Int
    let total: Int
    private(set) var maxInFlight = 0
    private var inFlight = 0
    private var started = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int, total: Int) {
        self.limit = limit
        self.total = total
    }

    func enter() async {
        inFlight += 1
        started += 1
        maxInFlight = max(maxInFlight, inFlight)
        if inFlight >= limit || started == total {
            let released = waiting
            waiting.removeAll()
            for continuation in released { continuation.resume() }
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() { inFlight -= 1 }
}
