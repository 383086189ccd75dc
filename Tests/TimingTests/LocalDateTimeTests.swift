import Foundation
import Testing
import Timing

@Suite struct LocalDateTimeTests {
    @Test func readsTheWallClockInAZone() throws {
        let instant = Date(timeIntervalSince1970: 1_711_893_909)  // 2024-03-31 14:05:09 UTC
        let utc = LocalDateTime(instant, in: try #require(TimeZone(identifier: "UTC")))
        #expect(utc.secondStamp == "2024-03-31 14:05:09")
        #expect(utc.minuteStamp == "2024-03-31 14:05")
        #expect(utc.hourMinute == "14:05")
        let india = LocalDateTime(instant, in: try #require(TimeZone(identifier: "Asia/Kolkata")))
        #expect(india.secondStamp == "2024-03-31 19:35:09")
        let hawaii = LocalDateTime(instant, in: try #require(TimeZone(identifier: "Pacific/Honolulu")))
        #expect(hawaii.secondStamp == "2024-03-31 04:05:09")
        let kiribati = LocalDateTime(instant, in: try #require(TimeZone(identifier: "Pacific/Kiritimati")))
        #expect(kiribati.secondStamp == "2024-04-01 04:05:09")
    }

    @Test func handlesMidnightFractionsAndDatesBefore1970() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(LocalDateTime(Date(timeIntervalSince1970: 0), in: utc).secondStamp == "1970-01-01 00:00:00")
        #expect(LocalDateTime(Date(timeIntervalSince1970: -0.5), in: utc).secondStamp == "1969-12-31 23:59:59")
        #expect(LocalDateTime(Date(timeIntervalSince1970: 86_399.999), in: utc).secondStamp == "1970-01-01 23:59:59")
        #expect(LocalDateTime(Date(timeIntervalSince1970: -86_400 * 365), in: utc).secondStamp == "1969-01-01 00:00:00")
    }

    @Test func agreesWithDateFormatterAcrossZonesAndDaylightSavingChanges() throws {
        let zones = ["America/New_York", "Europe/London", "Australia/Sydney", "Asia/Kathmandu", "America/St_Johns"]
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        for identifier in zones {
            let zone = try #require(TimeZone(identifier: identifier))
            formatter.timeZone = zone
            // Every 7 hours 13 minutes 17 seconds over four years crosses each zone's changes at varied times.
            for step in stride(from: 1_577_836_800.0, to: 1_704_067_200.0, by: 26_000 - 3) {
                let instant = Date(timeIntervalSince1970: step)
                #expect(
                    LocalDateTime(instant, in: zone).secondStamp == formatter.string(from: instant),
                    "\(identifier) \(step)")
            }
        }
    }
}
