import Foundation
import Hummingbird

/// A query string read as an HTML form sends it: `+` is a space (`/funds?q=sbi+large` searches "sbi large"),
/// then each `%XX` is decoded, so a typed plus (`%2B`) stays a plus. Hummingbird's `queryParameters` decodes only
/// the `%XX`, which left the plus in the words searched.
struct FormQuery: Sendable {
    /// The fields in the order sent, a name repeated for each ticked box.
    let pairs: [(name: String, value: String)]

    init(_ request: Request) { self.init(request.uri.query) }

    init(_ query: String?) {
        pairs = (query ?? "").split(separator: "&").compactMap { field in
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first.map(Self.decode), !name.isEmpty else { return nil }
            return (name, parts.count > 1 ? Self.decode(parts[1]) : "")
        }
    }

    /// The first value of `name`.
    subscript(_ name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// Every value of `name`, in order.
    func all(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    /// `+` as a space, then `%XX`; a malformed escape is kept as typed.
    static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
