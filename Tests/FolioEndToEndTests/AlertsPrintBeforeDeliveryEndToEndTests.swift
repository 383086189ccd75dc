import FeatureKitTesting
import Foundation
import NetworkingTesting
import Synchronization
import Testing

/// Issue 40 item 5: `alerts watch` prints a firing when it fires, then delivers it, so a delivery that hangs (or
/// a watch stopped mid-delivery) never hides a firing from the terminal.
@Suite("alerts watch prints a firing before delivering it", .serialized)
struct AlertsPrintBeforeDeliveryEndToEndTests {
    @Test("the firing is on the terminal while its webhook delivery is still waiting for an answer")
    func printsWhileDeliveryWaits() async throws {
        let clock = ScenarioClock()
        let racing = try await clock.serve()
        defer { Task { await racing.stop() } }
        let webhook = HeldWebhook()
        let server = try await LoopbackServer.start { _ in await webhook.answerWhenReleased() }
        defer { Task { await server.stop() } }
        let environment = ["FOLIO_NEDS_URL": racing.baseURL.absoluteString]
        try await FolioBinary.withTemporaryHome { home in
            let added = try await FolioBinary.run(
                ["alerts", "add", "race", "--category", "horse", "--within", "5m"], home: home,
                environment: environment)
            #expect(added.exitCode == 0, "\(added.stderr)")
            clock.elapsed = 200
            let watch = try await WatchInterruptEndToEndTests.run(
                ["alerts", "watch", "--until-fired", "--notify", server.baseURL.absoluteString + "/folio"],
                home: home, environment: environment, once: "fired:"
            ) { _ in
                // Printed while the webhook still holds the delivery: only now may it answer.
                webhook.release()
            }
            #expect(watch.status == 0, "\(watch.stderr)")
            #expect(
                watch.stdout.hasPrefix("Alert #1 (race) fired: Race 3 at Charles Town starts in"), "\(watch.stdout)")
            // Had the line waited for the delivery, the delivery would have run out of time first (the webhook
            // answers only once the line is out) and been reported as not delivered.
            #expect(!(watch.stdout + watch.stderr).contains("not delivered"), "\(watch.stdout)\(watch.stderr)")
            #expect(webhook.answered == 1)
            let check = try await FolioBinary.run(["alerts", "check"], home: home, environment: environment)
            #expect(check.exitCode == 0 && check.stdout.isEmpty, "\(check.stdout)\(check.stderr)")
            #expect(webhook.answered == 1)
        }
    }
}

/// A webhook that holds every request until ``release()``, then answers 200.
final class HeldWebhook: Sendable {
    private let state = Mutex<(released: Bool, waiting: [CheckedContinuation<Void, Never>], answered: Int)>(
        (false, [], 0))

    /// How many requests it has answered.
    var answered: Int { state.withLock { $0.answered } }

    func answerWhenReleased() async -> LoopbackResponse {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.released { return true }
                state.waiting.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
        state.withLock { $0.answered += 1 }
        return LoopbackResponse(status: 200)
    }

    func release() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.released = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
