import Failures
import Foundation
import NetworkingTesting
import StockTrading
import Testing
import TimingTesting

/// The accounts service over the test world: its wall clock is pinned, so waiting is advancing it.
private func accounts(_ world: TestWorld) async throws -> AccountsService {
    let service = AccountsService(store: world.store, hasher: world.hasher, timing: world.timing, timeZone: world.utc)
    try await service.prepare()
    _ = try await service.openAccount(
        email: "ann@example.com", password: "correct horse", confirmation: "correct horse")
    return service
}

@Suite("LoginThrottle: failed logins slow the next attempt down")
struct LoginThrottleTests {
    @Test("the wait doubles from 0.5 s with each consecutive failure and stops at 30 s")
    func schedule() {
        let waits = (0...9).map(LoginThrottle.delay(afterFailures:))
        #expect(
            waits == [
                .zero, .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16),
                .seconds(30),
                .seconds(30), .seconds(30),
            ])
        #expect(LoginThrottle.delay(afterFailures: 10_000) == .seconds(30), "no overflow however many")
    }

    @Test(
        "while the wait lasts even the right password is refused unchecked; after it the login succeeds and clears the count"
    )
    func waitThenSucceed() async throws {
        let world = TestWorld()
        let service = try await accounts(world)
        let wrong = await refusal {
            _ = try await service.authenticate(email: "ann@example.com", password: "nope nope", client: nil)
        }
        #expect(wrong?.what == "login failed" && wrong?.field == "password")
        #expect(try await service.retryDelay(email: "ANN@example.com", client: nil) == .milliseconds(500))

        let early = await refusal {
            _ = try await service.authenticate(email: "ann@example.com", password: "correct horse", client: nil)
        }
        #expect(early?.what == "too many failed logins" && early?.kind == .refused && early?.field == "password")

        world.wallClock.advance(by: 0.25)
        #expect(try await service.retryDelay(email: "ann@example.com", client: nil) == .milliseconds(250))
        world.wallClock.advance(by: 0.25)
        _ = try await service.authenticate(email: "ann@example.com", password: "correct horse", client: nil)

        // The success cleared the count: the next failure waits 0.5 s again, not 1 s.
        _ = await refusal {
            _ = try await service.authenticate(email: "ann@example.com", password: "nope nope", client: nil)
        }
        #expect(try await service.retryDelay(email: "ann@example.com", client: nil) == .milliseconds(500))
    }

    @Test("consecutive failures double the wait: 0.5 s, 1 s, 2 s")
    func doubling() async throws {
        let world = TestWorld()
        let service = try await accounts(world)
        for expected: Duration in [.milliseconds(500), .seconds(1), .seconds(2)] {
            let wait = try await service.retryDelay(email: "ann@example.com", client: nil)
            world.wallClock.advance(
                by: TimeInterval(wait.components.seconds) + TimeInterval(wait.components.attoseconds) / 1e18)
            _ = await refusal {
                _ = try await service.authenticate(email: "ann@example.com", password: "nope nope", client: nil)
            }
            #expect(try await service.retryDelay(email: "ann@example.com", client: nil) == expected)
        }
    }

    @Test("a wrong password on one account never slows another account's login from the same address; many do")
    func perClient() async throws {
        let world = TestWorld()
        let service = try await accounts(world)
        let address = "203.0.113.9"
        _ = await refusal {
            _ = try await service.authenticate(email: "nobody@example.com", password: "guess guess", client: address)
        }
        #expect(try await service.retryDelay(email: "ann@example.com", client: address) == .zero)
        _ = try await service.authenticate(email: "ann@example.com", password: "correct horse", client: address)
        // Guessing across accounts from one address: after the allowance the address waits on every account.
        for guess in 1..<LoginThrottle.clientAllowance {
            _ = await refusal {
                _ = try await service.authenticate(
                    email: "guess\(guess)@example.com", password: "guess guess", client: address)
            }
        }
        #expect(
            try await service.retryDelay(email: "ann@example.com", client: address) == .zero, "ten failures allowed")
        _ = await refusal {
            _ = try await service.authenticate(email: "last@example.com", password: "guess guess", client: address)
        }
        #expect(try await service.retryDelay(email: "ann@example.com", client: address) == .milliseconds(500))
        #expect(try await service.retryDelay(email: "ann@example.com", client: "198.51.100.1") == .zero)
        let refused = await refusal {
            _ = try await service.authenticate(email: "ann@example.com", password: "correct horse", client: address)
        }
        #expect(refused?.what == "too many failed logins")
        _ = try await service.authenticate(email: "ann@example.com", password: "correct horse", client: "198.51.100.1")
        // Quiet for the window: the address's count starts again.
        world.wallClock.advance(by: LoginThrottle.clientWindow + 1)
        #expect(try await service.retryDelay(email: "ann@example.com", client: address) == .zero)
    }

    @Test("the refusal tells the wait as people read it")
    func wording() {
        #expect(
            AccountsService.throttled(.milliseconds(500)).why?.hasPrefix("the next attempt is accepted in 0.5 s")
                == true)
        #expect(AccountsService.throttled(.seconds(30)).why?.hasPrefix("the next attempt is accepted in 30 s") == true)
    }
}
