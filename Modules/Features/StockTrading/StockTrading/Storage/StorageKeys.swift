import Foundation
import Persistence

/// Where everything lives in the `stocks` namespace. Each user's records sit under `u/<userID>/`, so one
/// user's scans can never reach another's; numbers in keys are zero-padded so key order is numeric order.
enum StorageKeys {
    static let session = "session"
    static let marketState = "market/simulated"
    static let quoteFetch = "quotes/_fetch"

    static func account(_ email: String) -> String { "accounts/\(email)" }
    static func failedLogins(account email: String) -> String { "throttle/account/\(email)" }
    static func failedLogins(client address: String) -> String { "throttle/client/\(address)" }
    static func quote(_ symbol: String) -> String { "quotes/s/\(symbol)" }
    static let quotes = KeyRange.prefix("quotes/s/")

    static func user(_ userID: String) -> String { "u/\(userID)/" }
    static func state(_ userID: String) -> String { "u/\(userID)/state" }
    static func position(_ userID: String, _ symbol: String) -> String { "u/\(userID)/pos/\(symbol)" }
    static func positions(_ userID: String) -> KeyRange { .prefix("u/\(userID)/pos/") }
    static func entry(_ userID: String, _ sequence: Int) -> String { "u/\(userID)/tx/\(padded(sequence))" }
    static func entries(_ userID: String) -> KeyRange { .prefix("u/\(userID)/tx/") }
    /// A corporate action already applied to the user's holding of `symbol`, so applying again changes nothing.
    static func action(_ userID: String, _ symbol: String, _ day: String, _ kind: String) -> String {
        "u/\(userID)/act/\(symbol)/\(day)/\(kind)"
    }
    static func watch(_ userID: String, _ symbol: String) -> String { "u/\(userID)/watch/\(symbol)" }
    static func watchlist(_ userID: String) -> KeyRange { .prefix("u/\(userID)/watch/") }
    static func snapshot(_ userID: String, _ day: String) -> String { "u/\(userID)/snap/\(day)" }
    static func snapshots(_ userID: String) -> KeyRange { .prefix("u/\(userID)/snap/") }

    static func padded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }
}
