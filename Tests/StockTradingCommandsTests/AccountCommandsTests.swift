import FeatureKit
import Foundation
import Money
import Persistence
import StockTrading
import Testing
import TimingTesting

@testable import StockTradingCommands

@Suite struct AccountCommandsTests {
    @Test func signupAsksForThePasswordTwiceWithoutEchoAndLogsIn() async throws {
        let harness = try await Harness.make()
        let outcome = await harness.run(
            ["signup", "--email", "NewUser@Example.com", "--cash", "2,500"],
            secrets: ["NewPassword123", "NewPassword123"])
        #expect(outcome.exitCode == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Password: ") && outcome.stderr.contains("Confirm password: "))
        #expect(!outcome.stdout.contains("NewPassword123") && !outcome.stderr.contains("NewPassword123"))
        #expect(outcome.stdout == "Signed up newuser@example.com with $2,500.00 of paper cash; you are logged in.\n")
        let whoami = await harness.run(["whoami", "--format", "json"])
        #expect(
            try harness.json(whoami.stdout) as? [String: String] == [
                "email": "newuser@example.com", "since": "2023-11-14T22:13:20Z",
            ])
        for record in try await harness.dump() {
            #expect(!String(decoding: record.value, as: UTF8.self).contains("NewPassword123"))
        }
    }

    @Test func signupValidationRefusesWithExitOneAndStoresNothing() async throws {
        let harness = try await Harness.make()
        let before = try await harness.dump()
        let badEmail = await harness.run(
            ["signup", "--email", "not-an-email"], secrets: ["NewPassword123", "NewPassword123"])
        #expect(badEmail.exitCode == 1)
        #expect(
            badEmail.stderr.contains("error: invalid email \"not-an-email\" — an email looks like name@example.com"))
        #expect(!badEmail.stderr.contains("Password:"), "the email is checked before asking for a password")
        let short = await harness.run(["signup", "--email", "a@example.com"], secrets: ["Short1", "Short1"])
        #expect(short.exitCode == 1)
        #expect(short.stderr.contains("error: invalid password — a password needs at least 8 characters"))
        let mismatch = await harness.run(
            ["signup", "--email", "a@example.com"], secrets: ["NewPassword123", "NewPassword124"])
        #expect(mismatch.exitCode == 1)
        #expect(mismatch.stderr.contains("error: passwords do not match"))
        let cash = await harness.run(
            ["signup", "--email", "a@example.com", "--cash", "-5"], secrets: ["NewPassword123", "NewPassword123"])
        #expect(cash.exitCode == 1 && cash.stderr.contains("invalid amount"))
        let taken = await harness.run(
            ["signup", "--email", "TEST@stockport.com"], secrets: ["whatever12", "whatever12"])
        #expect(taken.exitCode == 1)
        #expect(taken.stderr.contains("cannot sign up test@stockport.com — an account with this email already exists"))
        let noInput = await harness.run(["signup", "--email", "a@example.com"])
        #expect(noInput.exitCode == 64)
        #expect(try await harness.dump() == before)
    }

    @Test func signupRefusesBlankAndCommonPasswordsWithTheReason() async throws {
        let harness = try await Harness.make()
        let before = try await harness.dump()
        let blank = await harness.run(["signup", "--email", "a@example.com"], secrets: ["          ", "          "])
        #expect(blank.exitCode == 1)
        #expect(blank.stderr.contains("error: invalid password — a password cannot be blank or only spaces"))
        let common = await harness.run(
            ["signup", "--email", "a@example.com", "--password-stdin"], input: ["password"])
        #expect(common.exitCode == 1)
        #expect(common.stderr.contains("error: invalid password — it is one of the most common passwords"))
        #expect(common.stderr.contains("hint: choose a phrase of a few unrelated words"))
        #expect(try await harness.dump() == before)
    }

    @Test func passwordsNeverComeFromAFlag() async throws {
        let harness = try await Harness.make()
        let outcome = await harness.run(["login", "--email", "test@stockport.com", "--password", "Test@123"])
        #expect(outcome.exitCode == 64)
    }

    @Test func loginLogoutWhoami() async throws {
        let harness = try await Harness.make()
        let nobody = await harness.run(["whoami"])
        #expect(nobody.exitCode == 1)
        #expect(nobody.stderr.contains("error: not logged in"))
        #expect(nobody.stderr.contains("hint: log in with: folio stocks login --email EMAIL"))
        let wrong = await harness.run(
            ["login", "--email", "test@stockport.com", "--password-stdin"], input: ["Test@1234"])
        #expect(wrong.exitCode == 1)
        #expect(wrong.stderr.contains("error: login failed — the email or password is incorrect"))
        let unknown = await harness.run(["login", "--email", "ghost@example.com"], secrets: ["Test@123"])
        #expect(unknown.stderr == "Password: error: login failed — the email or password is incorrect\n")
        let early = await harness.run(
            ["login", "--email", "test@stockport.com", "--password-stdin"], input: ["Test@123"])
        #expect(early.exitCode == 1)
        #expect(early.stderr.contains("error: too many failed logins — the next attempt is accepted in 0.5 s"))
        harness.wallClock.advance(by: 0.5)
        let right = await harness.run(
            ["login", "--email", "Test@StockPort.com", "--password-stdin"], input: ["Test@123"])
        #expect(right.exitCode == 0)
        #expect(right.stdout == "Logged in as test@stockport.com.\n")
        #expect(await harness.run(["whoami"]).stdout.hasPrefix("test@stockport.com (logged in since "))
        #expect(await harness.run(["logout"]).stdout == "Logged out test@stockport.com.\n")
        #expect(await harness.run(["logout"]).stdout == "No one was logged in.\n")
        let portfolio = await harness.run(["portfolio"])
        #expect(portfolio.exitCode == 1 && portfolio.stderr.contains("not logged in"))
    }

    @Test func depositAndWithdraw() async throws {
        let harness = try await Harness.make()
        try await harness.signUp("ann@example.com", cash: 1_000)
        let deposit = await harness.run(["deposit", "$1,250.50"])
        #expect(deposit.stdout == "Deposited $1,250.50. Cash: $2,250.50.\n")
        let withdraw = await harness.run(["withdraw", "250.50"])
        #expect(withdraw.stdout == "Withdrew $250.50. Cash: $2,000.00.\n")
        let before = try await harness.dump()
        let tooMuch = await harness.run(["withdraw", "2000.01"])
        #expect(tooMuch.exitCode == 1)
        #expect(tooMuch.stderr.contains("error: cannot withdraw $2,000.01 — your cash is $2,000.00"))
        for bad in ["0", "1.001", "abc", "1e3", "2000000000"] {
            let outcome = await harness.run(["deposit", bad])
            #expect(outcome.exitCode == 1, "\(bad)")
            #expect(outcome.stderr.contains("error: invalid amount"), "\(bad)")
        }
        // A leading dash reads as an option to the parser: a usage error, still nothing stored.
        #expect(await harness.run(["deposit", "-1"]).exitCode == 64)
        #expect(try await harness.dump() == before)
    }
}
