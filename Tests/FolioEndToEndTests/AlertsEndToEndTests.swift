import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing

/// `folio alerts` as a user runs it: the built binary, a loopback racing service on a scenario clock the test
/// moves, and a loopback webhook that records each delivery's `Idempotency-Key`.
@Suite("folio alerts, end to end", .serialized)
struct AlertsEndToEndTests {
    @Test("a race alert fires once via the webhook as the race comes within the window, and again after it re-arms")
    func raceAlert() async throws {
        try await withRaceScenario { clock, receiver, webhook, environment in
            let notify = ["--notify", webhook, "--exit-status"]
            try await FolioBinary.withTemporaryHome { home in
                let added = try await FolioBinary.run(
                    ["alerts", "add", "race", "--category", "horse", "--within", "5m"], home: home,
                    environment: environment)
                #expect(added.exitCode == 0, "\(added.stderr)")
                #expect(added.stdout == "Added alert #1: horse races starting within 5m.\n")

                // Charles Town R3 starts in 487 s: outside the window, nothing fires.
                var check = try await FolioBinary.run(
                    ["alerts", "check"] + notify, home: home, environment: environment)
                #expect(check.exitCode == 0, "\(check.stderr)")
                #expect(check.stdout.isEmpty)
                #expect(receiver.keys.isEmpty)

                // 200 s on it starts in 287 s: it fires once, printed and delivered.
                clock.elapsed = 200
                check = try await FolioBinary.run(["alerts", "check"] + notify, home: home, environment: environment)
                #expect(check.exitCode == 3, "\(check.stderr)")
                #expect(
                    check.stdout.contains("Alert #1 (race) fired: Race 3 at Charles Town starts in"), "\(check.stdout)")
                #expect(receiver.keys.count == 1)
                #expect(receiver.titles.first?.hasPrefix("Race 3 at Charles Town starts in") == true)

                // The next check, still within the window: not again.
                clock.elapsed = 210
                check = try await FolioBinary.run(["alerts", "check"] + notify, home: home, environment: environment)
                #expect(check.exitCode == 0, "\(check.stderr)")
                #expect(check.stdout.isEmpty)
                #expect(receiver.keys.count == 1)

                // The start is put back out of the window (the alert re-arms), then comes within it again.
                clock.elapsed = 100
                check = try await FolioBinary.run(["alerts", "check"] + notify, home: home, environment: environment)
                #expect(check.exitCode == 0 && check.stdout.isEmpty, "\(check.stdout)\(check.stderr)")
                clock.elapsed = 200
                check = try await FolioBinary.run(["alerts", "check"] + notify, home: home, environment: environment)
                #expect(check.exitCode == 3, "\(check.stderr)")
                #expect(receiver.keys.count == 2)
                #expect(Set(receiver.keys).count == 2, "a new crossing is a new firing")

                // Later Charles Town has started and Delta Downs R6 comes within the window: one firing, for it.
                clock.elapsed = 500
                check = try await FolioBinary.run(["alerts", "check"] + notify, home: home, environment: environment)
                #expect(check.stdout.contains("Race 6 at Delta Downs"), "\(check.stdout)")
                #expect(!check.stdout.contains("Charles Town"))
                #expect(Set(receiver.keys).count == 3)

                let list = try await FolioBinary.run(["alerts", "list", "--format", "json"], home: home)
                let rows = try #require(
                    try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
                #expect(rows.first?["firings"] as? Int == 3)
            }
        }
    }

    @Test("a webhook answering 500 three times then 200 receives one distinct key, and nothing stays queued")
    func retriedDelivery() async throws {
        let receiver = WebhookReceiver(answering: [500, 500, 500, 200])
        let webhook = try await receiver.serve()
        defer { Task { await webhook.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            try await prepareNetWorthAlerts(count: 1, home: home)
            let check = try await FolioBinary.run(
                ["alerts", "check", "--notify", webhook.baseURL.absoluteString + "/folio"], home: home)
            #expect(check.exitCode == 0, "\(check.stderr)")
            #expect(check.stdout.contains("Alert #1 (networth) fired: Net worth reached"), "\(check.stdout)")
            #expect(receiver.keys.count == 4)
            #expect(Set(receiver.keys).count == 1)
            // Nothing is left to deliver: the next check sends nothing.
            let again = try await FolioBinary.run(
                ["alerts", "check", "--notify", webhook.baseURL.absoluteString + "/folio"], home: home)
            #expect(again.stdout.isEmpty)
            #expect(receiver.keys.count == 4)
        }
    }

    @Test("a failed delivery stays queued and the next check delivers it under the same key")
    func failedDeliveryKept() async throws {
        let receiver = WebhookReceiver(answering: [404, 200])
        let webhook = try await receiver.serve()
        defer { Task { await webhook.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            try await prepareNetWorthAlerts(count: 1, home: home)
            let url = webhook.baseURL.absoluteString + "/folio"
            let first = try await FolioBinary.run(["alerts", "check", "--notify", url], home: home)
            #expect(first.exitCode == 0)
            #expect(first.stderr.contains("not delivered"), "\(first.stderr)")
            let second = try await FolioBinary.run(["alerts", "check", "--notify", url], home: home)
            #expect(second.stdout.isEmpty, "nothing fires twice")
            #expect(receiver.keys.count == 2)
            #expect(Set(receiver.keys).count == 1)
        }
    }

    @Test("two alerts check processes at once deliver each firing once")
    func concurrentChecks() async throws {
        let receiver = WebhookReceiver()
        let webhook = try await receiver.serve()
        defer { Task { await webhook.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            try await prepareNetWorthAlerts(count: 4, home: home)
            let arguments = ["alerts", "check", "--notify", webhook.baseURL.absoluteString + "/folio"]
            async let one = FolioBinary.run(arguments, home: home)
            async let two = FolioBinary.run(arguments, home: home)
            let (a, b) = try await (one, two)
            #expect(a.exitCode == 0 && b.exitCode == 0, "\(a.stderr)\(b.stderr)")
            let fired = (a.stdout + b.stdout).split(separator: "\n")
            #expect(fired.count == 4, "\(a.stdout)|\(b.stdout)")
            #expect(receiver.keys.count == 4)
            #expect(Set(receiver.keys).count == 4)
        }
    }

    @Test("an alert on a disabled feature is reported by check and list, and kept")
    func disabledFeature() async throws {
        try await FolioBinary.withTemporaryHome { home in
            try await prepareNetWorthAlerts(count: 1, home: home)
            try Data(#"{"disabledFeatures": ["networth"]}"#.utf8).write(to: home.appendingPathComponent("config.json"))
            let check = try await FolioBinary.run(["alerts", "check"], home: home)
            #expect(check.exitCode == 0)
            #expect(check.stdout.isEmpty)
            #expect(
                check.stderr.contains(
                    "warning: alert #1 (networth: net worth at or above £1.00) not checked — the networth feature is disabled"
                ),
                "\(check.stderr)")
            let list = try await FolioBinary.run(["alerts", "list", "--format", "csv"], home: home)
            #expect(list.stdout.contains("not checked: the networth feature is disabled"), "\(list.stdout)")
            let add = try await FolioBinary.run(["alerts", "add", "networth", "--above", "5"], home: home)
            #expect(add.exitCode == 64)
            #expect(add.stderr.contains("the networth feature is disabled"))
        }
    }

    @Test("bad input is refused with its exit code and nothing is stored")
    func badInput() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let refusals: [([String], Int32, String)] = [
                (["alerts", "add", "comet"], 64, "error: unexpected argument 'comet'"),
                (["alerts", "add", "networth", "--above", "abc"], 1, "error: --above: \"abc\" is not a number"),
                (["alerts", "add", "networth", "--above", "1e30"], 1, "error: --above: \"1e30\" is not a number"),
                (
                    ["alerts", "add", "networth", "--below", "-2000000000000000000"], 1,
                    "error: --below: -2000000000000000000 is out of range"
                ),
                (
                    ["alerts", "add", "fund", "122639", "--below", "-85"], 1,
                    "error: --below: -85 is not a level — a level is a positive amount"
                ),
                (
                    ["alerts", "add", "fund", "122639", "--drawdown", "250%"], 1,
                    "error: --drawdown: 250% is out of range"
                ),
                (
                    ["alerts", "add", "race", "--category", "llama", "--within", "5m"], 1,
                    "error: --category: unknown category \"llama\""
                ),
                (["alerts", "add", "race", "--within", "0s"], 1, "error: --within: \"0s\" is not a window"),
                (["alerts", "add", "stock", "AAPL", "--above", "-3"], 1, "error: --above: invalid price \"-3\""),
                (["alerts", "check", "--notify", "not a url"], 64, "--notify \"not a url\" is not a webhook URL"),
                (["alerts", "remove", "7"], 1, "no alert #7"),
                (
                    ["alerts", "add", "fund", "122639", "--above", "90", "--move", "3"], 64,
                    "error: --move: more than one condition given"
                ),
                (
                    ["alerts", "add", "networth"], 64,
                    "error: no condition given — give exactly one of a net worth at or above"
                ),
            ]
            for (arguments, code, message) in refusals {
                let result = try await FolioBinary.run(arguments, home: home)
                #expect(result.exitCode == code, "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            }
            let list = try await FolioBinary.run(["alerts", "list", "--format", "json"], home: home)
            let rows = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [Any]
            #expect(rows?.isEmpty == true, "\(list.stdout)")
        }
    }

    @Test("a plain-http webhook to another machine is allowed with a warning")
    func plainHTTPWarning() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let result = try await FolioBinary.run(
                ["alerts", "check", "--notify", "http://ntfy.example.com/folio"], home: home)
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(
                result.stderr.contains(
                    "warning: --notify http://ntfy.example.com/folio is plain http to another machine"))
        }
    }

    @Test("folio stocks alerts is an alias of folio alerts … stock over the one store")
    func stocksAlias() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let added = try await FolioBinary.run(["stocks", "alerts", "add", "AAPL", "--above", "900"], home: home)
            #expect(added.exitCode == 0, "\(added.stderr)")
            #expect(added.stdout == "Added alert #1: AAPL above $900.00.\n")
            let list = try await FolioBinary.run(["alerts", "list", "--format", "csv"], home: home)
            #expect(list.stdout.contains("1,stock,stocks,AAPL above $900.00,armed,0"), "\(list.stdout)")
            let check = try await FolioBinary.run(["stocks", "alerts", "check", "--refresh"], home: home)
            #expect(check.exitCode == 0 && check.stdout.isEmpty, "\(check.stdout)\(check.stderr)")
            let rearm = try await FolioBinary.run(["stocks", "alerts", "rearm", "1"], home: home)
            #expect(rearm.exitCode == 64)
            #expect(rearm.stderr.contains("re-arms itself"))
            #expect(
                try await FolioBinary.run(["stocks", "alerts", "remove", "1"], home: home).stdout
                    == "Removed alert #1: AAPL above $900.00.\n")
        }
    }

    /// A household of one £1,000 account and `count` alerts at or above £1, which all hold.
    private func prepareNetWorthAlerts(count: Int, home: URL) async throws {
        let account = try await FolioBinary.run(
            ["networth", "accounts", "add", "--name", "Savings", "--type", "savings", "--balance", "1000"], home: home)
        try #require(account.exitCode == 0, "\(account.stderr)")
        for _ in 0..<count {
            let added = try await FolioBinary.run(["alerts", "add", "networth", "--above", "1"], home: home)
            try #require(added.exitCode == 0, "\(added.stderr)")
        }
    }
}
