import StockTrading
import Testing

@Suite struct CredentialRulesTests {
    @Test(arguments: ["test@stockport.com", "New.User+tag@Example.co.uk", "  a_b%c-d@sub.domain.io  "])
    func acceptsWellFormedEmails(_ email: String) throws {
        let normalized = try CredentialRules.validateEmail(email)
        #expect(normalized == normalized.lowercased())
        #expect(!normalized.hasPrefix(" ") && !normalized.hasSuffix(" "))
    }

    @Test(arguments: [
        "", "plain", "a@b", "a@b.c", "@example.com", "a@@example.com", "a b@example.com", "a@exa mple.com",
        "a@example.c0m",
    ])
    func rejectsMalformedEmails(_ email: String) {
        #expect(throws: StockTradingError.invalidEmail(email)) { try CredentialRules.validateEmail(email) }
    }

    @Test func passwordNeedsEightCharacters() throws {
        #expect(throws: StockTradingError.passwordTooShort(minimum: 8)) {
            try CredentialRules.validatePassword("Test@12")
        }
        try CredentialRules.validatePassword("Test@123")
        try CredentialRules.validatePassword("NewPassword123")
        #expect(throws: StockTradingError.passwordTooLong(maximum: 1024)) {
            try CredentialRules.validatePassword(String(repeating: "x", count: 1025))
        }
    }

    @Test(arguments: ["        ", "            \t", String(repeating: " ", count: 40)])
    func refusesBlankPasswords(_ password: String) {
        #expect(throws: StockTradingError.passwordBlank) { try CredentialRules.validatePassword(password) }
    }

    @Test(arguments: [
        "password", "Password", "PASSWORD", " password ", "iloveyou", "12345678", "qwertyuiop", "trustno1",
    ])
    func refusesTheMostCommonPasswords(_ password: String) {
        #expect(throws: StockTradingError.passwordTooCommon) { try CredentialRules.validatePassword(password) }
    }

    @Test func theCommonPasswordListIsShippedAndReasoned() throws {
        #expect(CommonPasswords.all.count >= 300, "a list of the top few hundred")
        #expect(
            CommonPasswords.all.allSatisfy {
                $0.count >= CredentialRules.minimumPasswordLength && $0 == $0.lowercased()
            })
        try CredentialRules.validatePassword("copper kettle morning")
        #expect(
            StockTradingError.passwordBlank.description
                == "invalid password — a password cannot be blank or only spaces")
        #expect(
            StockTradingError.passwordTooCommon.description
                == "invalid password — it is one of the most common passwords, which are the first ones guessed")
        #expect(StockTradingError.passwordTooCommon.hint?.contains("unrelated words") == true)
        #expect(StockTradingError.passwordTooCommon.category == .refused)
    }

    @Test func confirmationMustMatchExactly() throws {
        try CredentialRules.validateConfirmation("NewPassword123", "NewPassword123")
        #expect(throws: StockTradingError.passwordMismatch) {
            try CredentialRules.validateConfirmation("NewPassword123", "newpassword123")
        }
    }

    @Test func messagesSayWhatAndWhy() {
        #expect(
            StockTradingError.passwordTooShort(minimum: 8).description
                == "invalid password — a password needs at least 8 characters")
        #expect(StockTradingError.invalidEmail("x").description.contains("name@example.com"))
        #expect(StockTradingError.passwordMismatch.category == .refused)
    }
}
