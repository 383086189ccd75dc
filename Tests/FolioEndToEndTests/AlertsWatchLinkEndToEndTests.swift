import FeatureKitTesting
import Foundation
import Testing

/// Issue 40 item 5: a watch's webhook carries an absolute `Click` link — `web.publicURL` when it is set, else the
/// address `folio serve` listens on — so a phone can open it.
@Suite("folio alerts watch, the webhook's link", .serialized)
struct AlertsWatchLinkEndToEndTests {
    static let raceAlert = ["alerts", "add", "race", "--within", "5m", "--category", "horse"]

    @Test(arguments: [
        ([String: String](), "http://127.0.0.1:8080/races"),
        (["FOLIO_WEB_PUBLIC_URL": "https://folio.example.net"], "https://folio.example.net/races"),
    ])
    func theClickLinkIsAbsolute(settings: [String: String], click: String) async throws {
        try await withRaceScenario { clock, receiver, webhook, environment in
            try await FolioBinary.withTemporaryHome { home in
                let added = try await FolioBinary.run(Self.raceAlert, home: home, environment: environment)
                #expect(added.exitCode == 0, "\(added.stderr)")
                // Charles Town R3 starts 287 s after the scenario's start: within the window 200 s on.
                clock.elapsed = 200
                let watch = try await FolioBinary.run(
                    ["alerts", "watch", "--until-fired", "--notify", webhook], home: home,
                    environment: environment.merging(settings) { $1 })
                #expect(watch.exitCode == 0, "\(watch.stderr)")
                #expect(watch.stdout.hasPrefix("Alert #1 (race) fired: Race 3 at Charles Town"), "\(watch.stdout)")
                #expect(receiver.clicks == [click])
            }
        }
    }

    @Test func aPublicURLThatIsNotAURLIsRefused() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let watch = try await FolioBinary.run(
                ["alerts", "watch", "--until-fired", "--notify", "http://127.0.0.1:9/folio"], home: home,
                environment: ["FOLIO_WEB_PUBLIC_URL": "folio.example.net"])
            #expect(watch.exitCode == 64, "\(watch.stderr)")
            #expect(watch.stderr.contains("\"folio.example.net\" is not a public URL"), "\(watch.stderr)")
        }
    }
}
