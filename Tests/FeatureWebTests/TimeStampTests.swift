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

    @Test("the instant is written as Foundation's ISO 8601 style writes it, to the second, before 1970 and after 2100")
    func instantAsFoundationWritesIt() {
        var generator = SystemRandomNumberGenerator()
        let seconds =
            [-2_208_988_800.0, -1.5, -0.25, 0, 0.999, 59.9999, 951_782_400, 4_107_542_399.5, 1_795_782_876.123]
            + (0..<2_000).map { _ in Double.random(in: -4e9...8e9, using: &generator) }
        for second in seconds {
            let date = Date(timeIntervalSince1970: second)
            #expect(TimeStamp.instant(date) == date.formatted(.iso8601), "\(second)")
        }
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
