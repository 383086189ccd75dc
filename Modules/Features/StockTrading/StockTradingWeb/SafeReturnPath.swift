import Foundation

/// Where a login may send the browser back to: a path on this site only, so a crafted link cannot make the
/// login page an open redirect.
enum SafeReturnPath {
    /// `next` when it is a same-site path (one leading `/`, no `//` or `\` that browsers read as another host,
    /// no scheme, no control characters); `/stocks` otherwise.
    static func path(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"), !next.contains("://"),
            next.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else { return "/stocks" }
        return next
    }

    /// `path` percent-encoded for a query value.
    static func encoded(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
            ?? "/stocks"
    }
}
