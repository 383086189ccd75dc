import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing

/// `folio alerts watch` as a user runs it: the built binary against a loopback racing service on a scenario
/// clock and a loopback webhook. The watch checks at once when it starts, so `--until-fired` ends it on the
/// first firing without waiting for a tick.
@Suite("folio alerts watch, end to end", .serialized)
struct AlertsWatchEndToEndTests {
    @Test("a watch fires a race within the window at once, prints it, delivers it and stops with --until-fired")
    func watchUntilFired() async throws {
        try await withRaceScenario { clock, receiver, webhook, environment in
            try await FolioBinary.withTemporaryHome { home in
                let added = try await FolioBinary.run(
                    ["alerts", "add", "race", "--category", "horse", "--within", "5m"], home: home,
                    environment: environment)
                #expect(added.exitCode == 0, "\(added.stderr)")
                // A net worth alert far above the one account: checked and not fired, so only the race ends the watch.
                let account = try await FolioBinary.run(
                    ["networth", "accounts", "add", "--name", "Savings", "--type", "savings", "--balance", "10"],
                    home: home)
                #expect(account.exitCode == 0, "\(account.stderr)")
                let other = try await FolioBinary.run(["alerts", "add", "networth", "--above", "1000"], home: home)
                #expect(other.exitCode == 0, "\(other.stderr)")

                // 200 s on, Charles Town R3 starts in 287 s: within the window at the watch's first check.
                clock.elapsed = 200
                let watch = try await FolioBinary.run(
                    ["alerts", "watch", "--until-fired", "--notify", webhook], home: home,
                    environment: environment)
                #expect(watch.exitCode == 0, "\(watch.stderr)")
                let lines = watch.stdout.split(separator: "\n")
                #expect(lines.count == 1, "\(watch.stdout)")
                #expect(
                    lines.first?.hasPrefix("Alert #1 (race) fired: Race 3 at Charles Town starts in") == true,
                    "\(watch.stdout)")
                #expect(watch.stderr.contains("Watching alerts"))
                #expect(receiver.keys.count == 1)
                #expect(receiver.titles.first?.hasPrefix("Race 3 at Charles Town starts in") == true)

                // The state is the store's: a check right after the watch fires nothing again.
                let check = try await FolioBinary.run(["alerts", "check"], home: home, environment: environment)
                #expect(check.exitCode == 0 && check.stdout.isEmpty, "\(check.stdout)\(check.stderr)")
                let list = try await FolioBinary.run(["alerts", "list", "--format", "json"], home: home)
                let rows = try #require(
                    try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
                #expect(rows.map { $0["status"] as? String } == ["fired", "armed"])
            }
        }
    }

    @Test("a watch with a malformed webhook is refused before it starts (64)")
    func badWebhook() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let watch = try await FolioBinary.run(
                ["alerts", "watch", "--until-fired", "--notify", "not a url"], home: home)
            #expect(watch.exitCode == 64)
            #expect(watch.stderr.contains("--notify \"not a url\" is not a webhook URL"))
        }
    }
}
