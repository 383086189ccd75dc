import Foundation
import Timing

/// A quote with where and when it came from, and whether it is a stored price standing in for a fresh one.
public struct QuoteReading: Sendable, Equatable {
    /// The quote.
    public var quote: PriceQuote
    /// The provider that gave it (`Yahoo Finance`).
    public var provider: String
    /// When it was fetched.
    public var fetchedAt: Date
    /// Whether it is older than its time to live and kept because no provider could be asked.
    public var isStale: Bool
    /// How old it is: the time since it was fetched.
    public var age: Duration
    /// Why no fresh price was had, when it is stale.
    public var failure: String?

    /// Creates a reading.
    public init(
        quote: PriceQuote, provider: String, fetchedAt: Date, isStale: Bool, age: Duration, failure: String? = nil
    ) {
        self.quote = quote
        self.provider = provider
        self.fetchedAt = fetchedAt
        self.isStale = isStale
        self.age = age
        self.failure = failure
    }
}

/// A price history with where and when it came from, and whether it is a stored copy standing in for a refresh.
public struct HistoryReading: Sendable, Equatable {
    /// The bars and actions asked for.
    public var history: PriceHistory
    /// The provider that gave them.
    public var provider: String
    /// When they were fetched.
    public var fetchedAt: Date
    /// Whether they were not refreshed today when they should have been.
    public var isStale: Bool
    /// Why no refresh was had, when stale.
    public var failure: String?

    /// Creates a reading.
    public init(history: PriceHistory, provider: String, fetchedAt: Date, isStale: Bool, failure: String? = nil) {
        self.history = history
        self.provider = provider
        self.fetchedAt = fetchedAt
        self.isStale = isStale
        self.failure = failure
    }
}

/// A quote as stored: the quote, its provider and when it was fetched (the record's expiry is its freshness).
struct StoredQuote: Codable, Sendable {
    var quote: PriceQuote
    var providerID: String
    var provider: String
    var fetchedAt: Date
}

/// A history as stored, with the span it covers and the trading day it was fetched on.
struct StoredHistory: Codable, Sendable {
    var history: PriceHistory
    var providerID: String
    var provider: String
    var fetchedAt: Date
    var from: CalendarDate
    var to: CalendarDate
    var tradingDay: CalendarDate
}
