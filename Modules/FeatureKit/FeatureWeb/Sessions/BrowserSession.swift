import Foundation

/// What a logged-in browser's session holds: who it is, and the feature's own record of the login (what its
/// services take as "logged in"), kept apart from the terminal's login on the same machine.
public struct BrowserSession: Codable, Sendable, Equatable {
    /// The feature's user id.
    public var userID: String
    /// The user's email, for display.
    public var email: String
    /// The feature's own record of the login.
    public var payload: Data

    /// Creates a session's contents.
    public init(userID: String, email: String, payload: Data = Data()) {
        self.userID = userID
        self.email = email
        self.payload = payload
    }
}
