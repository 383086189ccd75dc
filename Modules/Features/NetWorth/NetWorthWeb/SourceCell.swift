import FeatureWeb
import NetWorth
import Timing

/// The "Last update" cell: for an account that follows a source, where its balance came from and as of when, or
/// why the last recorded balance stands in.
enum SourceCell {
    static func html(_ account: SummaryAccount, csrf: String) -> HTML {
        let last: HTML = "\(account.lastUpdate?.iso8601 ?? "—")"
        guard let source = account.source else { return last }
        if account.sourceStatus == "live" {
            return "live from \(source)" + (account.sourceAsOf.map { ", as of " + TimeStamp.html($0) } ?? .empty)
                + LinkForms.unlinkButton(account.name, csrf: csrf)
        }
        return last + "<br><small>\(source): \(account.sourceProblem ?? "the recorded balance on this date")</small>"
            + LinkForms.unlinkButton(account.name, csrf: csrf)
    }
}
