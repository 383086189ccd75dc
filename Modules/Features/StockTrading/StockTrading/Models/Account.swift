import Foundation

/// A local account: who may log in and where their portfolio lives.
public struct Account: Codable, Sendable, Equatable {
    /// The stable id that keys the user's records (never the email, which could change).
    public var userID: String
    /// The normalized email.
    public var email: String
    /// The salted password hash.
    public var passwordHash: PasswordHash
    /// When the account was created.
    public var createdAt: Date

    /// Creates an account.
    public init(userID: String, email: String, passwordHash: PasswordHash, createdAt: Date) {
        self.userID = userID
        self.email = email
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

/// Who is logged in on this machine's folio home, kept across invocations until logout.
public struct Session: Codable, Sendable, Equatable {
    /// The logged-in user's id.
    public var userID: String
    /// The logged-in user's email.
    public var email: String
    /// When they logged in.
    public var since: Date

    /// Creates a session.
    public init(userID: String, email: String, since: Date) {
        self.userID = userID
        self.email = email
        self.since = since
    }
}
