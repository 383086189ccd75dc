import FeatureKit
import FeatureWeb
import Foundation
import Racing
import Timing

/// What the live stream sends, decided per connection: the board on connect (unless the browser already has it,
/// as its `Last-Event-ID` says), then a board only when it changed, each with an id naming its content and a
/// sentence for screen readers that says what changed — or nothing, so an unchanged board is never announced.
struct BoardFeed: Sendable {
    /// How long a browser waits before reconnecting after the stream drops.
    static let retryMilliseconds = 5_000

    private var lastID: String?
    private var shown: [RaceEntry]?

    /// A feed for a browser that last saw the board `lastEventID` (nil on a first connection).
    init(lastEventID: String?) {
        lastID = lastEventID.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The event for `report`, with its id and retry delay, or nil when the browser already shows this board.
    mutating func event(for report: NextRacesReport) -> ServerSentEvent? {
        let id = Self.id(of: report.races)
        defer {
            lastID = id
            shown = report.races
        }
        guard id != lastID else { return nil }
        let update = BoardUpdate(
            now: report.now, rows: BoardMarkup.rows(report.races, now: report.now),
            announce: shown.map { Self.announcement(from: $0, to: report.races, at: report.now) } ?? "")
        return ServerSentEvent(name: "board", data: update.json, id: id, retryMilliseconds: Self.retryMilliseconds)
    }

    /// An id that changes exactly when the board's races or their starts change.
    static func id(of races: [RaceEntry]) -> String {
        // FNV-1a over the ids and starts: short, stable across processes (unlike `hashValue`).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in races.map({ "\($0.raceId)@\(Int($0.advertisedStart.timeIntervalSince1970))" }).joined(
            separator: ","
        ).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// "Race 7 at Randwick joined the board. Race 2 at Ascot now starts at 14:05." Races that left by passing
    /// start + 60 s are not announced here: the page's countdown already removed and announced them.
    static func announcement(from old: [RaceEntry], to new: [RaceEntry], at now: Date) -> String {
        let before = Dictionary(old.map { ($0.raceId, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Set(new.map(\.raceId))
        var sentences = old.filter {
            !after.contains($0.raceId) && $0.advertisedStart.addingTimeInterval(NextToGo.grace) >= now
        }
        .map { "\($0.title) left the board." }
        for race in new {
            if let previous = before[race.raceId] {
                if previous.advertisedStart != race.advertisedStart {
                    sentences.append(
                        "\(race.title) now starts at \(LocalDateTime(race.advertisedStart, in: .current).hourMinute).")
                }
            } else {
                sentences.append("\(race.title) joined the board.")
            }
        }
        return sentences.joined(separator: " ")
    }
}

/// An event's data: the server's time, the rows' markup and what a screen reader should hear ("" for nothing).
struct BoardUpdate: Codable, Equatable {
    var now: Int
    var rows: String
    var announce: String

    init(now: Date, rows: HTML, announce: String) {
        self.now = BoardMarkup.milliseconds(now)
        self.rows = rows.markup
        self.announce = announce
    }

    var json: String { (try? JSONOutput.string(self)) ?? "{}" }
}
