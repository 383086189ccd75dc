import Foundation
import Money
import Timing

/// What a household's books say now, as the feature that keeps them (net worth) hands them to the host: the
/// accounts valued in one base currency, the sources linked accounts follow, the recorded history and the rates
/// that turn other currencies into the base. The overview is assembled from it and the value sources, each value
/// counted once.
public struct HouseholdPosition: Sendable, Equatable {
    /// One account.
    public struct Account: Sendable, Equatable {
        /// Its name.
        public var name: String
        /// Its asset class (``HoldingClass/liability`` for a debt).
        public var assetClass: HoldingClass
        /// The currency its balances are in.
        public var currency: String
        /// Its value now in the base currency (positive for a debt too); nil when it has none or cannot be converted.
        public var value: Amount?
        /// Whether it counts towards net worth (not excluded by the toggles).
        public var counted: Bool
        /// The value source it follows (`funds:portfolio`), if any.
        public var follows: String?

        /// Creates an account.
        public init(
            name: String, assetClass: HoldingClass, currency: String, value: Amount?, counted: Bool,
            follows: String? = nil
        ) {
            self.name = name
            self.assetClass = assetClass
            self.currency = currency
            self.value = value
            self.counted = counted
            self.follows = follows
        }
    }

    /// Net worth on one day, from recorded balances.
    public struct Point: Sendable, Equatable {
        /// The day.
        public var date: CalendarDate
        /// Counted assets.
        public var assets: Amount
        /// Counted debts (positive).
        public var debts: Amount
        /// Assets − debts.
        public var net: Amount

        /// Creates a point.
        public init(date: CalendarDate, assets: Amount, debts: Amount, net: Amount) {
            self.date = date
            self.assets = assets
            self.debts = debts
            self.net = net
        }
    }

    /// The base currency of every value.
    public var currency: String
    /// The day the values are for.
    public var asOf: CalendarDate
    /// Counted assets now (linked accounts at their sources' current values).
    public var assets: Amount
    /// Counted debts now, positive.
    public var debts: Amount
    /// Assets − debts.
    public var net: Amount
    /// The accounts.
    public var accounts: [Account]
    /// Net worth on each day a counted balance or a rate changed, oldest first.
    public var history: [Point]
    /// What one unit of a currency is worth in the base currency today, for each currency the stored rates convert.
    public var rates: [String: Amount]
    /// Where a page posts `source` (and `name`) to add an account following it: the one-click link; nil when none.
    public var linkAction: String?
    /// What could not be valued, in words.
    public var warnings: [String]

    /// Creates a position.
    public init(
        currency: String, asOf: CalendarDate, assets: Amount, debts: Amount, net: Amount, accounts: [Account],
        history: [Point], rates: [String: Amount], linkAction: String? = nil, warnings: [String] = []
    ) {
        self.currency = currency
        self.asOf = asOf
        self.assets = assets
        self.debts = debts
        self.net = net
        self.accounts = accounts
        self.history = history
        self.rates = rates
        self.linkAction = linkAction
        self.warnings = warnings
    }
}

/// A plug-in's household books: reads the position with the feature's own context; nil when it keeps none yet.
public typealias HouseholdReader = @Sendable (_ context: FeatureContext) async throws -> HouseholdPosition?
