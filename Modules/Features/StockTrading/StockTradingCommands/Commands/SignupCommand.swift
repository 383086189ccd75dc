import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import Money
import StockTrading

struct SignupCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "signup",
        abstract: "Create a local account with paper cash and log in.",
        discussion: """
            The email must look like name@example.com; the password needs at least 8 characters, may not be \
            blank or only spaces, and may not be one of the few hundred most common passwords; it is asked \
            twice without echo (or read once from standard input with --password-stdin). Only a salted \
            PBKDF2-SHA256 hash (210,000 rounds) is stored. The opening cash counts as a deposit (an external \
            cash flow) for returns. --currency sets the account's currency (USD by default; it cannot change \
            later): symbols priced in another are converted at the provider's exchange rate when traded.

            Examples:
              folio stocks signup --email ann@example.com
              folio stocks signup --email bea@example.co.uk --currency GBP --cash 5000
              folio stocks signup --email bot@example.com --password-stdin < password.txt
            """)

    @Option(help: "The account's email address.")
    var email: String

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Opening paper cash in the account's currency.", valueName: "amount"))
    var cash: String = "10000"

    @Option(
        help: ArgumentHelp(
            "The account's currency: cash, cost and value are kept in it (ISO 4217).", valueName: "code"))
    var currency: String = "USD"

    @OptionGroup var passwordOptions: PasswordOptions

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        let opening = try TypedInput.cashAmount(cash, allowZero: true)
        let currency = try AccountsService.currency(currency)
        // Refused before the password is asked, so no one types a password twice for nothing.
        let normalized = try await stocks.services.accounts.availableEmail(email)
        let (password, confirmation) = try passwordOptions.read(from: context.terminal, confirm: true)
        let session = try await stocks.services.accounts.signUp(
            email: normalized, password: password, confirmation: confirmation, openingCash: opening,
            currency: currency)
        context.terminal.print(
            "Signed up \(session.email) with \(Formatting.money(opening, currency)) of paper cash; you are logged in.")
    }
}
