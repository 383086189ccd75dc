import AlertRules
import Foundation
import Persistence

/// Where the `alerts` namespace keeps things; numbers are zero-padded so key order is numeric order.
enum AlertKeys {
    static func alert(_ id: Int) -> String { "alert/\(padded(id))" }
    static let alerts = KeyRange.prefix("alert/")
    static func outbox(_ firingKey: String) -> String { "outbox/\(firingKey)" }
    static let outbox = KeyRange.prefix("outbox/")

    static func padded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }
}
