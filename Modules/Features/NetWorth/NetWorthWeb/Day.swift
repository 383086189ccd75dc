import FeatureWeb
import Foundation
import Timing

/// A calendar date as people read it (`1 Nov 2025`) inside a `<time datetime>` carrying the ISO date for machines.
enum Day {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func text(_ date: CalendarDate) -> String { "\(date.day) \(months[date.month - 1]) \(date.year)" }

    static func html(_ date: CalendarDate?) -> HTML {
        guard let date else { return "—" }
        return "<time datetime=\"\(date.iso8601)\">\(text(date))</time>"
    }
}

/// RFC 3986's unreserved characters: everything else in a query value is percent-encoded.
private let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

/// A query value as it goes into a link (`?name=Everyday%20Current`).
func queryValue(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
}

/// A query value as a browser's GET form sends it (`application/x-www-form-urlencoded`): `+` is a space and `%2B`
/// a plus, so an account called `Monzo Savings` submitted by the history range form finds itself.
func formValue(_ query: String?, _ key: String) -> String? {
    for pair in (query ?? "").split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        guard name == key else { continue }
        let value = parts.count > 1 ? String(parts[1]) : ""
        return value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? value
    }
    return nil
}
