import Foundation

/// The body of a 503 page while the store is down: what is wrong, that nothing was stored, and, for a form
/// post, the values as typed in a form that posts them again (the same CSRF token, so a retry is accepted, and
/// the same one-time token, so a post that did reach the store before it went down is not applied twice).
enum OutagePage {
    static func content(reason: String, action: String, fields: [(String, String)]?, csrf: String) -> HTML {
        var content = Components.notice("Folio is degraded: the database is down — \(reason)", kind: "error")
        content += "<p class=\"hint\">Nothing was stored. Folio tries the database again every few moments; "
        content += "reload or send again once it is back.</p>"
        guard let fields else { return content + "<p><a href=\"/\">Back to the dashboard</a></p>" }
        var inputs = HTML.empty
        for (name, value) in fields where name != CSRF.fieldName && name != FormOnce.fieldName {
            // A password is never sent back to the browser, not even to the one that typed it.
            let secret = name.lowercased().contains("password")
            let kind = secret ? "password" : "text"
            let shown = secret ? "" : value
            inputs += "<label>\(name) <input type=\"\(kind)\" name=\"\(name)\" value=\"\(shown)\"></label>"
        }
        inputs += "<button type=\"submit\">Send again</button>"
        return content + "<h2>What you typed</h2>"
            + Components.postForm(
                action: action, csrf: csrf, once: fields.last { $0.0 == FormOnce.fieldName }?.1, inputs)
    }

    /// An encoded form's fields in their order (a repeated name keeps each value).
    static func orderedFields(_ body: String) -> [(String, String)] {
        body.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), !name.isEmpty else { return nil }
            return (name, parts.count > 1 ? decode(parts[1]) ?? "" : "")
        }
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
