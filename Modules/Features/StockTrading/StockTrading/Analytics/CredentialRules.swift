import Foundation

/// The sign-up rules: an email of the usual form, a password of at least eight characters that is not blank
/// and not one of the most common passwords, and a confirmation that matches.
public enum CredentialRules {
    /// The shortest password accepted.
    public static let minimumPasswordLength = 8
    /// The longest password accepted; PBKDF2 over a pasted megabyte would only waste time.
    public static let maximumPasswordLength = 1024

    /// Emails are compared and stored lower-cased and trimmed: `Test@StockPort.com ` is `test@stockport.com`.
    public static func normalizedEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Validates and normalizes an email (the app's `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,64}`).
    /// - Throws: ``StockTradingError/invalidEmail(_:)``.
    public static func validateEmail(_ email: String) throws -> String {
        let normalized = normalizedEmail(email)
        guard normalized.count <= 254, isWellFormed(normalized) else {
            throw StockTradingError.invalidEmail(email)
        }
        return normalized
    }

    /// Checks the password rules: not blank, long enough, not too long, not a common password.
    /// - Throws: ``StockTradingError/passwordBlank``, ``StockTradingError/passwordTooShort(minimum:)``,
    ///   ``StockTradingError/passwordTooLong(maximum:)`` or ``StockTradingError/passwordTooCommon``.
    public static func validatePassword(_ password: String) throws {
        guard password.contains(where: { !$0.isWhitespace }) else { throw StockTradingError.passwordBlank }
        guard password.count >= minimumPasswordLength else {
            throw StockTradingError.passwordTooShort(minimum: minimumPasswordLength)
        }
        guard password.count <= maximumPasswordLength else {
            throw StockTradingError.passwordTooLong(maximum: maximumPasswordLength)
        }
        guard !CommonPasswords.contains(password) else { throw StockTradingError.passwordTooCommon }
    }

    /// Checks that the confirmation repeats the password exactly.
    /// - Throws: ``StockTradingError/passwordMismatch``.
    public static func validateConfirmation(_ password: String, _ confirmation: String) throws {
        guard password == confirmation else { throw StockTradingError.passwordMismatch }
    }

    private static func isWellFormed(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let local = parts[0]
        let domain = parts[1]
        let localAllowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._%+-")
        let domainAllowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-")
        guard !local.isEmpty, local.allSatisfy(localAllowed.contains) else { return false }
        guard let dot = domain.lastIndex(of: "."), domain.allSatisfy(domainAllowed.contains) else { return false }
        let host = domain[..<dot]
        let tld = domain[domain.index(after: dot)...]
        return !host.isEmpty && (2...64).contains(tld.count) && tld.allSatisfy(\.isLetter)
    }
}
