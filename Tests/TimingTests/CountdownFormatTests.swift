import Testing
import Timing

@Suite struct CountdownFormatTests {
    @Test(arguments: [
        (3720, "1h 02m"), (3600, "1h 00m"), (245, "4m 05s"), (60, "1m 00s"), (45, "45s"), (0, "0s"),
        (-30, "-30s"), (-90, "-1m 30s"), (86_399, "23h 59m"),
    ])
    func formatsCountdowns(seconds: Int, expected: String) {
        #expect(CountdownFormat.string(seconds: seconds) == expected)
    }

    @Test func roundsDurationsDownToWholeSeconds() {
        #expect(CountdownFormat.string(.milliseconds(45_999)) == "45s")
        #expect(CountdownFormat.string(.milliseconds(-500)) == "-1s")
    }

    @Test(arguments: [
        (45, "45s", "45 seconds"), (125, "2m 5s", "2 minutes 5 seconds"), (3600, "1h", "1 hour"),
        (3661, "1h 1m", "1 hour 1 minute"), (90_000, "1d 1h", "1 day 1 hour"), (0, "0s", "0 seconds"),
        (400 * 86_400, "1y 35d", "1 year 35 days"),
    ])
    func formatsDurations(seconds: Int, short: String, spoken: String) {
        #expect(DurationFormat.short(seconds: seconds) == short)
        #expect(DurationFormat.spoken(seconds: seconds) == spoken)
    }

    @Test func negativeDurationsKeepTheirSignInShortForm() {
        #expect(DurationFormat.short(seconds: -125) == "-2m 5s")
    }
}
