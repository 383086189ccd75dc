import StockTrading
import Testing

@Suite struct CredentialRulesTests {
    @Test(arguments: ["test@stockport.com", "New.User+tag@Example.co.uk", "  a_b%c-d@sub.domain.io  "])
    func acceptsWellFormedEmails(_ email: String) throws {
        let normalized = try CredentialRules.validateEmail(email)
        #expect(normalized == normalized.lowercased())
        #expect(!normalized.hasPrefix(" ") && !normalized.hasSuffix(" "))
    }

    @Test(arguments: ["", "plain", "a@b", "a@b.c", "@example.com", "a@@example.com", "a b@example.com", "a@exa mple.com", "a@example.c0m"])
    func rejectsMalformedEmails(_ email: String) {
        #expect(throws: StockTradingError.invalidEmail(email)) { try CredentialRules.validateEmail(email) }
    }

    @Test func passwordNeedsEightCharacters() throws {
        #expect(throws: StockTradingError.passwordTooShort(minimum: 8)) { try CredentialRules.validatePassword("Test@12") }
        try CredentialRules.validatePassword("Test@123")
        try CredentialRules.validatePassword("NewPassword123")
        #expect(throws: StockTradingError.passwordTooLong(maximum: 1024)) {
            try CredentialRules.validatePassword(String(repeating: "x", count: 1025))
        }
    }

    @Test func confirmationMustMatchExactly() throws {
        try CredentialRules.validateConfirmation("NewPassword123", "NewPassword123")
        #expect(throws: StockTradingError.passwordMismatch) {
            try CredentialRules.validateConfirmation("NewPassword123", "newpassword123")
        }
    }

    @Test func messagesSayWhatAndWhy() {
        #expect(StockTradingError.passwordTooShort(minimum: 8).description == "invalid password — a password needs at least 8 characters")
        #expect(StockTradingError.invalidEmail("x").description.contains("name@example.com"))
        #expect(StockTradingError.passwordMismatch.category == .refused)
    }
}
