import FeatureWeb
import Foundation
import Testing

/// Times on pages read as people write them, with the exact instant kept for machines.
@Suite struct TimeStampTests {
    let instant = Date(timeIntervalSince1970: 1_795_782_876)  // 2026-11-27T12:34:36Z

    @Test func readsAsADayMonthYearAndMinute() throws {
        #expect(TimeStamp.text(instant, timeZone: try #require(TimeZone(identifier: "UTC"))) == "27 Nov 2026, 12:34")
        #expect(
            TimeStamp.text(instant, timeZone: try #require(TimeZone(identifier: "Asia/Kolkata")))
                == "27 Nov 2026, 18:04")
        #expect(
            TimeStamp.text(Date(timeIntervalSince1970: 0), timeZone: try #require(TimeZone(identifier: "UTC")))
                == "1 Jan 1970, 00:00")
    }

    @Test func keepsTheInstantInATimeElement() throws {
        let html = TimeStamp.html(instant, timeZone: try #require(TimeZone(identifier: "UTC"))).description
        #expect(html == "<time datetime=\"2026-11-27T12:34:36Z\">27 Nov 2026, 12:34</time>")
    }

    @Test func saysHowOld() {
        #expect(TimeStamp.age(of: instant, now: instant.addingTimeInterval(30)) == "just now")
        #expect(TimeStamp.age(of: instant, now: instant.addingTimeInterval(8 * 60)) == "8m ago")
        #expect(
            TimeStamp.age(of: instant, now: instant.addingTimeInterval(-5)) == "just now",
            "a clock behind is not the future")
    }

    @Test func theStampSaysWhenAndHowOldAndWhetherStale() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let fresh = Components.stamp(asOf: instant, now: instant.addingTimeInterval(480), stale: false, timeZone: utc)
            .description
        #expect(
            fresh
                == "<p class=\"stamp\">as of <time datetime=\"2026-11-27T12:34:36Z\">27 Nov 2026, 12:34</time> (8m ago)</p>"
        )
        let stale = Components.stamp(
            asOf: instant, now: instant.addingTimeInterval(3 * 3600), stale: true, timeZone: utc
        ).description
        #expect(stale.hasPrefix("<p class=\"stamp stale\"><strong>Stale:</strong> saved copy as of <time"))
        #expect(stale.hasSuffix("(3h ago)</p>"))
    }
}
