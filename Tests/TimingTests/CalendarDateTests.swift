import Foundation
import Testing
import Timing

@Suite struct CalendarDateTests {
    @Test func roundTripsDayNumbersAcrossFourCenturies() {
        for dayNumber in stride(from: -200_000, through: 200_000, by: 97) {
            #expect(CalendarDate(dayNumber: dayNumber).dayNumber == dayNumber)
        }
        #expect(CalendarDate(dayNumber: 0).iso8601 == "1970-01-01")
        #expect(CalendarDate(year: 2000, month: 3, day: 1)!.dayNumber == 11_017)
    }

    @Test func writesISO8601WithPaddedFieldsForAnyYear() {
        #expect(CalendarDate(year: 2026, month: 11, day: 23)!.iso8601 == "2026-11-23")
        #expect(CalendarDate(year: 5, month: 1, day: 2)!.iso8601 == "0005-01-02")
        #expect(CalendarDate(year: 0, month: 12, day: 31)!.iso8601 == "0000-12-31")
        #expect(CalendarDate(year: 9999, month: 10, day: 9)!.iso8601 == "9999-10-09")
        #expect(CalendarDate(year: 10_000, month: 1, day: 1)!.iso8601 == "10000-01-01")
        #expect(CalendarDate(year: -44, month: 3, day: 15)!.iso8601 == "-0044-03-15")
        for dayNumber in stride(from: -800_000, through: 3_000_000, by: 9_973) {
            let date = CalendarDate(dayNumber: dayNumber)
            #expect(CalendarDate(iso8601: date.iso8601) == date || date.year < 0 || date.year > 9999)
        }
    }

    @Test func parsesBothLayoutsAndRejectsImpossibleDays() {
        #expect(CalendarDate(iso8601: "2024-03-31") == CalendarDate(year: 2024, month: 3, day: 31))
        #expect(
            CalendarDate(parsing: "31-03-2024", layout: .dayMonthYear) == CalendarDate(year: 2024, month: 3, day: 31))
        #expect(CalendarDate(iso8601: "2023-02-29") == nil)
        #expect(CalendarDate(iso8601: "2024-02-29") != nil)
        #expect(CalendarDate(iso8601: "2024-3-31") == nil)
        #expect(CalendarDate(iso8601: "2024-13-01") == nil)
        #expect(CalendarDate(parsing: "31/03/2024", layout: .dayMonthYear) != nil)
        #expect(CalendarDate(parsing: "31-03/2024", layout: .dayMonthYear) == nil)
        #expect(CalendarDate(iso8601: "abcd-ef-gh") == nil)
    }

    @Test func addsMonthsClampingToTheMonthEnd() {
        let january31 = CalendarDate(year: 2024, month: 1, day: 31)!
        #expect(january31.adding(months: 1).iso8601 == "2024-02-29")
        #expect(january31.adding(months: -2).iso8601 == "2023-11-30")
        #expect(CalendarDate(year: 2024, month: 2, day: 29)!.adding(years: 1).iso8601 == "2025-02-28")
        #expect(CalendarDate(year: 2024, month: 12, day: 15)!.adding(months: 1).iso8601 == "2025-01-15")
    }

    @Test func countsDaysAndWeekdays() {
        let start = CalendarDate(year: 2023, month: 1, day: 1)!
        let end = CalendarDate(year: 2024, month: 1, day: 1)!
        #expect(start.days(to: end) == 365)
        #expect(CalendarDate(year: 2024, month: 3, day: 31)!.weekday == 7)  // a Sunday, as API_NOTES says
        #expect(CalendarDate(year: 1970, month: 1, day: 1)!.weekday == 4)
        #expect(CalendarDate(year: 2024, month: 2, day: 10)!.endOfMonth.iso8601 == "2024-02-29")
    }

    @Test func convertsDatesInATimeZone() throws {
        let kolkata = try #require(TimeZone(identifier: "Asia/Kolkata"))
        // 2024-03-30T20:00:00Z is already 31 March in India.
        let instant = Date(timeIntervalSince1970: 1_711_828_800)
        #expect(CalendarDate(instant, in: kolkata).iso8601 == "2024-03-31")
        #expect(CalendarDate(instant, in: TimeZone(identifier: "UTC")!).iso8601 == "2024-03-30")
        let midnight = CalendarDate(year: 2024, month: 3, day: 31)!.startOfDay(in: kolkata)
        #expect(midnight.timeIntervalSince1970 == 1_711_823_400)
    }

    @Test func codesAsISOStrings() throws {
        let date = CalendarDate(year: 2026, month: 9, day: 4)!
        let data = try JSONEncoder().encode([date])
        #expect(String(decoding: data, as: UTF8.self) == "[\"2026-09-04\"]")
        #expect(try JSONDecoder().decode([CalendarDate].self, from: data) == [date])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CalendarDate].self, from: Data("[\"04-09-2026\"]".utf8))
        }
    }
}
