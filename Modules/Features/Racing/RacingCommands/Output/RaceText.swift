import Foundation
import Racing
import Timing

/// How a race reads at one moment: local start time, countdown, sentence.
struct RaceText {
    /// The moment countdowns are measured from.
    var now: Date
    /// The zone start times are shown in.
    var timeZone: TimeZone = .current

    /// The start in local time, `14:05`; with the weekday (`Tue 09:15`) when it is not today.
    func startTime(_ race: some ShownRace) -> String {
        let start = clockTime(race.advertisedStart)
        let day = CalendarDate(race.advertisedStart, in: timeZone)
        guard day != CalendarDate(now, in: timeZone) else { return start }
        return "\(Self.weekdays[day.weekday - 1]) \(start)"
    }

    /// `HH:mm` in local time.
    func clockTime(_ date: Date) -> String {
        LocalDateTime(date, in: timeZone).hourMinute
    }

    /// `HH:mm:ss` in local time.
    func clockTimeWithSeconds(_ date: Date) -> String {
        LocalDateTime(date, in: timeZone).hourMinuteSecond
    }

    /// `YYYY-MM-DD HH:mm:ss` in local time, for log lines.
    func timestamp(_ date: Date) -> String {
        LocalDateTime(date, in: timeZone).secondStamp
    }

    /// The compact countdown: `2m 05s`, `-30s`.
    func countdown(_ race: some ShownRace) -> String {
        CountdownFormat.string(seconds: race.secondsToStart(at: now))
    }

    /// "starts in 2 minutes 5 seconds", "starts now" or "started 30 seconds ago".
    func spokenCountdown(_ race: some ShownRace) -> String {
        let seconds = race.secondsToStart(at: now)
        if seconds == 0 { return "starts now" }
        if seconds > 0 { return "starts in \(DurationFormat.spoken(seconds: seconds))" }
        return "started \(DurationFormat.spoken(seconds: -seconds)) ago"
    }

    /// "Race 4 at Albion Park, harness, starts in 2 minutes 5 seconds."
    func sentence(_ race: some ShownRace) -> String {
        "Race \(race.number) at \(race.meetingName), \(race.categoryName), \(spokenCountdown(race))."
    }

    /// The time left until `date`, rounded up (a retry "in 0s" would already be happening): `4s`.
    func wait(until date: Date) -> String {
        CountdownFormat.string(seconds: secondsUntil(date))
    }

    /// The time left until `date` in words: "4 seconds".
    func spokenWait(until date: Date) -> String {
        DurationFormat.spoken(seconds: secondsUntil(date))
    }

    private func secondsUntil(_ date: Date) -> Int {
        max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }

    /// "Race 4 at Albion Park, harness".
    func shortName(_ race: some ShownRace) -> String {
        "Race \(race.number) at \(race.meetingName), \(race.categoryName)"
    }

    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
}
