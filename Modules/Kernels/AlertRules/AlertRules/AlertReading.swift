import Foundation

/// One condition of an alert that holds now: a level crossed, one race within the window.
public struct AlertSignal: Sendable, Equatable {
    /// Which condition: the same key for as long as the condition holds (`below`, a race's id, a NAV's date),
    /// so it fires once and re-arms when the key is no longer reported.
    public var key: String
    /// The notification's title.
    public var title: String
    /// The notification's text.
    public var body: String
    /// Where to look (a page of `folio serve`), when there is one.
    public var link: String?

    /// Creates a signal.
    public init(key: String, title: String, body: String, link: String? = nil) {
        self.key = key
        self.title = title
        self.body = body
        self.link = link
    }
}

/// What a kind's check saw for one alert: the conditions that hold now, or no news (stale or missing data,
/// which neither fires nor re-arms anything).
public struct AlertReading: Sendable, Equatable {
    /// The conditions that hold; nil when the source could not tell.
    public var signals: [AlertSignal]?
    /// Why there is no news, or a remark on stale data.
    public var note: String?
    /// When the source can next have news for this alert, when that is not the kind's rate: sooner (a race
    /// about to come within the window) or later (a fund whose NAV of the day is in).
    public var nextCheck: Duration?

    /// Creates a reading.
    public init(signals: [AlertSignal]?, note: String? = nil, nextCheck: Duration? = nil) {
        self.signals = signals
        self.note = note
        self.nextCheck = nextCheck
    }

    /// This reading, asking to be checked again after `delay`.
    public func checkingAgain(after delay: Duration?) -> AlertReading {
        var reading = self
        reading.nextCheck = delay
        return reading
    }

    /// The conditions that hold now (none: every fired condition re-arms).
    public static func holding(_ signals: [AlertSignal]) -> AlertReading {
        AlertReading(signals: signals, note: nil)
    }

    /// No news: nothing fires, nothing re-arms.
    public static func noNews(_ reason: String) -> AlertReading {
        AlertReading(signals: nil, note: reason)
    }
}
