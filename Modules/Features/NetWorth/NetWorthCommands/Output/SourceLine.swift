import FeatureKit
import Foundation
import NetWorth
import Timing

/// The line under the summary that says where a linked account's balance came from.
enum SourceLine {
    /// `"Paper" follows stocks:portfolio/test@stockport.com: value as of 2026-11-27T10:00:00Z`, or why the last
    /// recorded balance is shown; nil for an account that follows nothing.
    static func text(_ account: SummaryAccount) -> String? {
        guard let source = account.source else { return nil }
        let asOf = account.sourceAsOf.map { " as of " + $0.formatted(.iso8601) } ?? ""
        switch account.sourceStatus {
        case "live": return "\"\(account.name)\" follows \(source): its value\(asOf)"
        case "recorded": return "\"\(account.name)\" follows \(source): its recorded balance on this date"
        default:
            let last = account.lastUpdate.map { "last recorded \($0.iso8601)" } ?? "nothing recorded yet"
            return "\"\(account.name)\" follows \(source): \(last) (\(account.sourceProblem ?? "not read"))"
        }
    }

    /// `"Paper" follows stocks:portfolio/…, linked 2026-11-20: $10,174.50 as of …`, or why the source gives no value
    /// now; nil for an account that follows nothing.
    static func text(_ listing: AccountListing) -> String? {
        guard let source = listing.source else { return nil }
        let linked = listing.linkedOn.map { ", linked \($0)" } ?? ""
        let asOf = listing.sourceAsOf.map { " as of " + $0.formatted(.iso8601) } ?? ""
        guard let value = listing.sourceValue else {
            return
                "\"\(listing.name)\" follows \(source)\(linked): no value now (\(listing.sourceProblem ?? "not read"))"
        }
        return
            "\"\(listing.name)\" follows \(source)\(linked): \(NumberFormat.money(value, currency: listing.currency))\(asOf)"
    }
}
