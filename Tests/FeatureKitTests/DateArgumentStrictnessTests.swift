import Failures
import FeatureKit
import Testing
import Timing

/// The one date parser of the command line: the form the messages name, and years a person could mean.
@Suite struct DateArgumentStrictnessTests {
    @Test(arguments: ["2026/01/05", "0000-01-01", "1899-12-31", "2024-13-01", "2024-02-30", "20240105", " "])
    func refusesWhatIsNotADayAsWritten(_ text: String) {
        #expect(throws: FolioError.self) { try DateArgument.parse(text, option: "--date") }
    }

    @Test func acceptsADayAsWritten() throws {
        #expect(try DateArgument.parse(" 2024-02-29 ", option: "--date") == CalendarDate(iso8601: "2024-02-29"))
        #expect(try DateArgument.parse("1900-01-01", option: "--date").year == 1900)
    }

    @Test func explainsTheYearRangeAndTheForm() {
        let old = #expect(throws: FolioError.self) { try DateArgument.parse("1899-12-31", option: "--date") }
        #expect(old?.why == "years run from 1900 to 9999")
        #expect(old?.kind == .usage && old?.hint == "for example --date 2024-03-31")
        let slashes = #expect(throws: FolioError.self) { try DateArgument.parse("2026/01/05", option: "--date") }
        #expect(slashes?.why == "dates are written YYYY-MM-DD")
    }
}
