import Foundation
import Money
import Timing

/// One trading day's closing prices.
public struct DailyBar: Codable, Sendable, Equatable {
    /// The session's day, read in the exchange's time zone.
    public var date: CalendarDate
    /// The close, adjusted for every split after the day (Yahoo's convention) but not for dividends.
    public var close: Amount
    /// The close adjusted for later splits and dividends, when the provider gives it.
    public var adjustedClose: Amount?

    /// Creates a bar.
    public init(date: CalendarDate, close: Amount, adjustedClose: Amount?) {
        self.date = date
        self.close = close
        self.adjustedClose = adjustedClose
    }
}

/// A cash dividend: who holds the share at the start of its ex-date does not get it.
public struct Dividend: Codable, Sendable, Equatable {
    /// The ex-dividend date, in the exchange's time zone.
    public var exDate: CalendarDate
    /// The amount per share, in the history's currency, as reported (already adjusted for later splits).
    public var amountPerShare: Amount

    /// Creates a dividend.
    public init(exDate: CalendarDate, amountPerShare: Amount) {
        self.exDate = exDate
        self.amountPerShare = amountPerShare
    }
}

/// A split: each share held before ``date`` becomes `numerator / denominator` shares (4:1 → four).
public struct Split: Codable, Sendable, Equatable {
    /// The first day the shares trade split.
    public var date: CalendarDate
    /// New shares.
    public var numerator: Amount
    /// For this many old shares.
    public var denominator: Amount

    /// Creates a split.
    public init(date: CalendarDate, numerator: Amount, denominator: Amount) {
        self.date = date
        self.numerator = numerator
        self.denominator = denominator
    }

    /// `numerator / denominator` (4 for 4:1, 0.1 for a 1:10 reverse split), to 12 places.
    public var ratio: Amount {
        (try? numerator.divided(by: denominator)) ?? 1
    }
}

/// A symbol's daily closes and corporate actions over a span of days.
public struct PriceHistory: Codable, Sendable, Equatable {
    /// The symbol.
    public var symbol: String
    /// ISO 4217 code of the prices' major currency.
    public var currency: String
    /// The exchange's IANA time zone, in which every date here is read.
    public var exchangeTimeZone: String
    /// Trading days in date order; days without a price are left out, never priced zero.
    public var bars: [DailyBar]
    /// Dividends by ex-date.
    public var dividends: [Dividend]
    /// Splits by date.
    public var splits: [Split]

    /// Creates a history.
    public init(
        symbol: String, currency: String, exchangeTimeZone: String, bars: [DailyBar], dividends: [Dividend] = [],
        splits: [Split] = []
    ) {
        self.symbol = symbol
        self.currency = currency
        self.exchangeTimeZone = exchangeTimeZone
        self.bars = bars
        self.dividends = dividends
        self.splits = splits
    }

    /// The part of the history from `from` to `to`, both included.
    public func limited(from: CalendarDate, to: CalendarDate) -> PriceHistory {
        var copy = self
        copy.bars = bars.filter { $0.date >= from && $0.date <= to }
        copy.dividends = dividends.filter { $0.exDate >= from && $0.exDate <= to }
        copy.splits = splits.filter { $0.date >= from && $0.date <= to }
        return copy
    }

    /// The bar of `date`, or of the last trading day before it.
    public func bar(onOrBefore date: CalendarDate) -> DailyBar? {
        bars.last { $0.date <= date }
    }

    /// The product of the ratios of the splits after `date`: how many of today's shares one share of that day
    /// became. Yahoo's `close` of `date` times this is the price actually paid that day.
    public func splitFactor(after date: CalendarDate) -> Amount {
        splits.filter { $0.date > date }.reduce(Amount(1)) { factor, split in
            (try? factor.multiplied(by: split.ratio, rounding: .halfEven)) ?? factor
        }
    }
}
