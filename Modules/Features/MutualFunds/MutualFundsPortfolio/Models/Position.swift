import Foundation
import Money
import MutualFunds
import Persistence
import Timing

/// What valuing one held scheme needs, worked out from its transactions up to a date: units, what they cost
/// (first in first out) and the investor's cash flows for XIRR, with the scheme's identity and marks.
///
/// The latest positions are stored beside the portfolio (``PortfolioStore``), written in the same transaction as
/// every change to it, so that `funds portfolio` reads a few figures per scheme and one column of flows instead
/// of decoding every transaction (5,000 in a long SIP history) to add them up again on each run.
public struct Position: Sendable, Hashable {
    /// The folio number.
    public var folio: String
    /// The scheme's name as the statement prints it.
    public var name: String
    /// Its ISIN.
    public var isin: String?
    /// AMFI's scheme code, when known.
    public var amfi: Int?
    /// The stored tax treatment (`portfolio treat-as`), nil when the rules decide.
    public var treatAs: TaxTreatment?
    /// False for a scheme imported although it did not reconcile.
    public var reconciled: Bool
    /// Why it did not reconcile.
    public var mismatch: String?
    /// Whether the statement opens with units whose cost it does not give.
    public var opensWithUnits: Bool
    /// Units held.
    public var units: Amount
    /// What the units held cost.
    public var invested: Amount
    /// The investor's cash flows, oldest first (money paid negative), without the value.
    public var flows: [CashFlow]

    /// The scheme's key.
    public var key: SchemeKey { SchemeKey(folio: folio, scheme: isin ?? name) }

    /// The position of `scheme` after its transactions dated on or before `asOf` (all of them when nil).
    /// - Throws: ``Money/MoneyError`` when a figure overflows.
    /// - Parameter carried: what mergers' switches in cost, by transaction id (``Mergers/carriedCosts(_:)``).
    public init(_ scheme: HeldScheme, asOf: CalendarDate?, carried: [String: Amount] = [:]) throws {
        var lots = CostLots()
        if scheme.openingUnits.isPositive { lots.open(units: scheme.openingUnits) }
        for transaction in scheme.transactions where asOf.map({ transaction.date <= $0 }) ?? true {
            try lots.apply(transaction, carried: carried[transaction.id])
        }
        folio = scheme.folio
        name = scheme.name
        isin = scheme.isin
        amfi = scheme.amfi
        treatAs = scheme.treatAs
        reconciled = scheme.reconciled
        mismatch = scheme.mismatch
        opensWithUnits = scheme.openingUnits.isPositive
        units = scheme.units(asOf: asOf)
        invested = lots.invested
        flows = CashFlows.flows(of: scheme, asOf: asOf)
    }
}

/// Stored with the flows as two columns (day numbers, and amounts as whole paise, or as exact text when one is
/// finer than a paisa): one record read without a keyed container per flow, and without parsing 5,000 decimal
/// texts, which cost `funds portfolio` an eighth of its time (records with the text column still decode).
extension Position: Codable {
    private enum CodingKeys: String, CodingKey {
        case folio, name, isin, amfi, treatAs, reconciled, mismatch, opensWithUnits, units, invested, flowDays,
            flowAmounts, flowPaise
    }

    /// 10⁻¹² units in a paisa.
    private static let unitsPerPaisa: Int128 = 10_000_000_000

    /// Decodes the stored form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        folio = try container.decode(String.self, forKey: .folio)
        name = try container.decode(String.self, forKey: .name)
        isin = try container.decodeIfPresent(String.self, forKey: .isin)
        amfi = try container.decodeIfPresent(Int.self, forKey: .amfi)
        treatAs = try container.decodeIfPresent(TaxTreatment.self, forKey: .treatAs)
        reconciled = try container.decode(Bool.self, forKey: .reconciled)
        mismatch = try container.decodeIfPresent(String.self, forKey: .mismatch)
        opensWithUnits = try container.decode(Bool.self, forKey: .opensWithUnits)
        units = try container.decode(Amount.self, forKey: .units)
        invested = try container.decode(Amount.self, forKey: .invested)
        let days = try container.decodeColumn(of: Int.self, forKey: .flowDays)
        let amounts: [Amount]
        if container.contains(.flowPaise) {
            let paise = try container.decodeColumn(of: Int.self, forKey: .flowPaise)
            var column: [Amount] = []
            column.reserveCapacity(paise.count)
            for count in paise { column.append(Amount(count, places: 2)) }
            amounts = column
        } else {
            amounts = try container.decodeColumn(of: String.self, forKey: .flowAmounts).map { text in
                guard let amount = try? Amount(parsing: text, options: .plain) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .flowAmounts, in: container, debugDescription: "\"\(text)\" is not a number")
                }
                return amount
            }
        }
        guard days.count == amounts.count else {
            throw DecodingError.dataCorruptedError(
                forKey: .flowDays, in: container, debugDescription: "the flows' columns differ in length")
        }
        // An index loop, and midnight UTC from the day number (``CashFlows/instant(_:)``'s instant): no zipped
        // iterator nor calendar per flow.
        var flows: [CashFlow] = []
        flows.reserveCapacity(days.count)
        for index in days.indices {
            flows.append(
                CashFlow(date: Date(timeIntervalSince1970: Double(days[index]) * 86_400), amount: amounts[index]))
        }
        self.flows = flows
    }

    /// Encodes the stored form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(folio, forKey: .folio)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(isin, forKey: .isin)
        try container.encodeIfPresent(amfi, forKey: .amfi)
        try container.encodeIfPresent(treatAs, forKey: .treatAs)
        try container.encode(reconciled, forKey: .reconciled)
        try container.encodeIfPresent(mismatch, forKey: .mismatch)
        try container.encode(opensWithUnits, forKey: .opensWithUnits)
        try container.encode(units, forKey: .units)
        try container.encode(invested, forKey: .invested)
        try container.encode(flows.map { CashFlows.day($0.date).dayNumber }, forKey: .flowDays)
        let paise = flows.compactMap { flow -> Int? in
            let (whole, rest) = flow.amount.units.quotientAndRemainder(dividingBy: Self.unitsPerPaisa)
            return rest == 0 ? Int(exactly: whole) : nil
        }
        if paise.count == flows.count {
            try container.encode(paise, forKey: .flowPaise)
        } else {
            try container.encode(flows.map(\.amount.plainText), forKey: .flowAmounts)
        }
    }
}
