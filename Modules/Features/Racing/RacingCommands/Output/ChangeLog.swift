import FeatureKit
import Foundation
import Money
import Racing
import Synchronization

/// `watch` without a live screen: one line per change (a race added, removed or rescheduled, the
/// connection lost or back), as text, sentences (`--plain`) or JSON lines, so it reads well in a pipe,
/// a log or a screen reader.
final class ChangeLog: Sendable {
    enum Style: Sendable {
        case text
        case plain
        case json
    }

    private struct Seen {
        var board: [Race] = []
        var status: RefreshScheduler.Status = .connecting
    }

    private let style: Style
    private let count: Int
    private let timeZone: TimeZone
    private let seen = Mutex(Seen())

    init(style: Style, count: Int, timeZone: TimeZone = .current) {
        self.style = style
        self.count = count
        self.timeZone = timeZone
    }

    /// The lines describing what changed since the last state (none when nothing did).
    func lines(for state: LiveBoardState) -> [String] {
        let (changes, status) = seen.withLock { seen -> ([BoardChange], RefreshScheduler.Status?) in
            let changes = BoardChange.between(seen.board, state.races, at: state.now)
            let status = state.status != seen.status ? state.status : nil
            seen.board = state.races
            seen.status = state.status
            return (changes, status)
        }
        let text = RaceText(now: state.now, timeZone: timeZone)
        var lines: [String] = []
        if let status, let line = statusLine(status, text: text) { lines.append(line) }
        lines += changes.map { changeLine($0, text: text) }
        return lines
    }

    private func statusLine(_ status: RefreshScheduler.Status, text: RaceText) -> String? {
        switch (status, style) {
        case (.connecting, _):
            return nil
        case (.live, .text):
            return "\(text.timestamp(text.now))  ✓ connected"
        case (.live, .plain):
            return "Connected."
        case (.live, .json):
            return json(StatusEvent(time: text.now, status: "live"))
        case (.reconnecting(let attempt, let retryAt, let reason), .text):
            return
                "\(text.timestamp(text.now))  ! reconnecting… attempt \(attempt), next try in \(text.wait(until: retryAt)) — \(reason)"
        case (.reconnecting(_, let retryAt, let reason), .plain):
            return "Connection lost: \(reason). Retrying in \(text.spokenWait(until: retryAt))."
        case (.reconnecting(let attempt, let retryAt, let reason), .json):
            return json(
                StatusEvent(time: text.now, status: "reconnecting", attempt: attempt, retryAt: retryAt, message: reason)
            )
        }
    }

    private func changeLine(_ change: BoardChange, text: RaceText) -> String {
        let race = change.race
        switch style {
        case .json:
            return json(ChangeEvent(change, now: text.now))
        case .plain:
            switch change {
            case .added:
                return "Added: \(text.sentence(race))"
            case .removed(_, expired: true):
                return "Removed: \(text.shortName(race)), \(text.spokenCountdown(race))."
            case .removed(_, expired: false):
                return "Removed: \(text.shortName(race)), no longer in the next \(count)."
            case .rescheduled:
                return "Changed: \(text.shortName(race)), now \(text.spokenCountdown(race))."
            }
        case .text:
            let stamp = text.timestamp(text.now)
            let name =
                "\(text.startTime(race))  R\(race.number) \(race.meetingName) (\(race.category)\(race.venueCountry.map { ", \($0)" } ?? ""))"
            switch change {
            case .added:
                return "\(stamp)  + \(name) · \(race.name) · in \(text.countdown(race))"
            case .removed(_, expired: true):
                return "\(stamp)  - \(name) · expired"
            case .removed(_, expired: false):
                return "\(stamp)  - \(name) · off the board"
            case .rescheduled(_, let from):
                return "\(stamp)  ~ \(name) · start moved from \(text.clockTime(from)) · in \(text.countdown(race))"
            }
        }
    }

    private func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// A JSON line for a board change.
private struct ChangeEvent: Encodable {
    var time: Date
    var change: String
    @NullEncodable var reason: String?
    @NullEncodable var previousStart: Date?
    var race: RaceEntry

    init(_ change: BoardChange, now: Date) {
        time = now
        race = RaceEntry(change.race, now: now)
        switch change {
        case .added:
            self.change = "added"
        case .removed(_, let expired):
            self.change = "removed"
            reason = expired ? "expired" : "dropped"
        case .rescheduled(_, let from):
            self.change = "rescheduled"
            previousStart = from
        }
    }
}

/// A JSON line for a connection change.
private struct StatusEvent: Encodable {
    var time: Date
    var change = "status"
    var status: String
    @NullEncodable var attempt: Int?
    @NullEncodable var retryAt: Date?
    @NullEncodable var message: String?

    init(time: Date, status: String, attempt: Int? = nil, retryAt: Date? = nil, message: String? = nil) {
        self.time = time
        self.status = status
        self.attempt = attempt
        self.retryAt = retryAt
        self.message = message
    }
}
