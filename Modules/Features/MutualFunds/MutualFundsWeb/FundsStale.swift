import FeatureKit
import FeatureWeb
import Foundation
import MutualFunds
import Timing

/// The page's word on how fresh the data is, from the same ``MutualFunds/Freshness`` the terminal warns from:
/// the "as of" stamp, and a stale copy's age and why no fresh one could be had.
enum FundsStale {
    /// The stamp: `as of 27 Nov 2026, 12:34 (8m ago)`, or `Stale: saved copy as of …`.
    static func stamp(_ freshness: Freshness, now: Date) -> HTML {
        Components.stamp(asOf: freshness.asOf, now: now, stale: freshness.stale)
    }

    /// A warning when `freshness` is stale: `NAV history of 122639: stale, saved 3h ago — why`; nothing when fresh.
    static func notice(_ freshness: Freshness, what: String, now: Date) -> HTML {
        guard freshness.stale else { return .empty }
        var text = "\(what): stale, saved \(TimeStamp.age(of: freshness.asOf, now: now))"
        if let reason = freshness.staleReason {
            text += " — \(reason)"
        } else {
            text += " — a fresh copy is being fetched; reload in a moment"
        }
        return Components.notice(text, kind: "warning")
    }
}
