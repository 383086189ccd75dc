import FeatureKit
import Foundation
import Racing
import Timing

/// The live screen's lines for one board state: a title with the clock, the connection status, the
/// table, and the key help.
struct WatchScreen {
    var count: Int
    var refresh: Duration
    var style: FeatureKit.Style
    var width: Int
    var timeZone: TimeZone = .current

    func lines(for state: LiveBoardState) -> [String] {
        let text = RaceText(now: state.now, timeZone: timeZone)
        var lines = [
            style.bold("Next to go") + " · " + text.clockTimeWithSeconds(state.now), statusLine(state, text: text), "",
        ]
        if state.races.isEmpty {
            lines.append(state.asOf == nil ? "Waiting for the first board…" : "No races match right now.")
        } else {
            var table = RaceTable.render(state.races, text: text, style: style, width: width)
            if table.hasSuffix("\n") { table.removeLast() }
            lines += table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        if state.asOf != nil, state.races.count < count {
            lines.append(style.dim("only \(state.races.count) of \(count) races to show right now"))
        }
        if !state.skipped.isEmpty {
            let plural = state.skipped.count == 1 ? "race" : "races"
            lines.append(style.apply(.yellow, "\(state.skipped.count) \(plural) in the last answer could not be read"))
        }
        lines.append("")
        lines.append(style.dim("q quit · refreshes every \(DurationFormat.short(refresh)) and when a race expires"))
        return lines
    }

    private func statusLine(_ state: LiveBoardState, text: RaceText) -> String {
        switch state.status {
        case .connecting:
            return style.dim("connecting…")
        case .live:
            let age = state.asOf.map { max(0, Int(state.now.timeIntervalSince($0).rounded(.down))) } ?? 0
            let updating = state.fetching == nil ? "" : " · updating…"
            return style.apply(.green, "live")
                + style.dim(" · updated \(DurationFormat.short(seconds: age)) ago\(updating)")
        case .reconnecting(let attempt, let retryAt, let reason):
            let next = state.fetching == nil ? "next try in \(text.wait(until: retryAt))" : "trying now…"
            let shown = state.asOf.map { " · showing the board from \(text.clockTimeWithSeconds($0))" } ?? ""
            return style.apply(.yellow, "reconnecting… attempt \(attempt), \(next)") + style.dim(shown) + " — " + reason
        }
    }
}
