import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import StockTrading

struct LoginCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to a local account; the session lasts until logout.",
        discussion: """
            The password is asked without echo (or read from standard input with --password-stdin) and checked \
            against the stored PBKDF2 hash in constant time. Logging in replaces any other session on this \
            folio home. After a wrong password the next attempt for that account is refused unchecked for 0.5 s, \
            doubling with each further failure up to 30 s; a successful login resets it. The demo account is \
            test@stockport.com with password Test@123.

            Examples:
              folio stocks login --email test@stockport.com
              folio stocks login --email ann@example.com --password-stdin < password.txt
            """)

    @Option(help: "The account's email address.")
    var email: String

    @OptionGroup var passwordOptions: PasswordOptions

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        let (password, _) = try passwordOptions.read(from: context.terminal, confirm: false)
        let session = try await stocks.services.accounts.logIn(email: email, password: password)
        context.terminal.print("Logged in as \(session.email).")
    }
}

struct LogoutCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "End the session.",
        discussion: """
            Forgets who is logged in on this folio home; the account and its portfolio stay.

            Examples:
              folio stocks logout
              folio stocks logout && folio stocks whoami
            """)

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        if let ended = try await stocks.services.accounts.logOut() {
            context.terminal.print("Logged out \(ended.email).")
        } else {
            context.terminal.print("No one was logged in.")
        }
    }
}

struct WhoamiCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show who is logged in.",
        discussion: """
            Prints the logged-in email and since when; exits 1 when no one is logged in.

            Examples:
              folio stocks whoami
              folio stocks whoami --format json
            """)

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        let session = try await stocks.owner()
        let row = SessionReport(session)
        try formatting.render(
            row, to: context.terminal, csv: { try CSVOutput.rows([row], columns: ["email", "since"]) },
            table: { "\(session.email) (logged in since \(Formatting.timestamp(session.since)))" })
    }
}
