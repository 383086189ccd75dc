import Money
import MutualFunds

/// `funds portfolio gains`: every matched lot, the totals per financial year and scheme, and the schemes that
/// have no gains with why.
public struct GainsReport: Codable, Sendable, Hashable {
    /// The lots, by financial year, scheme and sale date.
    public var rows: [GainRow]
    /// Per financial year and scheme.
    public var summary: [GainsSummaryRow]
    /// Schemes left out, each `folio …, scheme: why`.
    public var skipped: [String]
    /// The financial year the report was restricted to (`2030-31`), nil for every year.
    public var financialYear: String?

    /// Creates a report from its lots.
    public init(rows: [GainRow], skipped: [String], financialYear: String? = nil) {
        self.rows = rows
        self.skipped = skipped
        self.financialYear = financialYear
        var summary: [GainsSummaryRow] = []
        for row in rows {
            if let last = summary.last, last.financialYear == row.financialYear, last.scheme == row.scheme,
                last.folio == row.folio
            {
                summary[summary.count - 1].add(row)
            } else {
                var fresh = GainsSummaryRow(
                    financialYear: row.financialYear, scheme: row.scheme, isin: row.isin, folio: row.folio,
                    treatment: row.treatment, treatmentBasis: row.treatmentBasis, longTermGain: .zero,
                    longTermTaxableGain: .zero, shortTermGain: .zero)
                fresh.add(row)
                summary.append(fresh)
            }
        }
        self.summary = summary
    }

    /// The schemes whose treatment a person chose rather than the rules (stored with `treat-as`, or given for
    /// this report), once each: the faces list them under the gains.
    public var chosen: [GainsSummaryRow] {
        var seen = Set<String>()
        return summary.filter { $0.treatmentBasis.isChosen && seen.insert($0.folio + "\u{1F}" + $0.scheme).inserted }
    }
}

/// A financial year's gains in one scheme (casparser's summary CSV).
public struct GainsSummaryRow: Codable, Sendable, Hashable {
    /// `2021-22`.
    public var financialYear: String
    /// The scheme.
    public var scheme: String
    /// Its ISIN.
    @NullEncodable public var isin: String?
    /// The folio.
    public var folio: String
    /// `equity` or `debt`.
    public var treatment: TaxTreatment
    /// What decided the treatment (as ``GainRow/treatmentBasis``).
    public var treatmentBasis: TreatmentBasis
    /// Realised long-term gain.
    public var longTermGain: Amount
    /// Taxable long-term gain.
    public var longTermTaxableGain: Amount
    /// Short-term gain.
    public var shortTermGain: Amount

    /// The CSV columns.
    public static let columns = [
        "financialYear", "scheme", "isin", "folio", "treatment", "treatmentBasis", "longTermGain",
        "longTermTaxableGain",
        "shortTermGain",
    ]

    mutating func add(_ row: GainRow) {
        longTermGain = (try? longTermGain + row.longTermGain) ?? longTermGain
        longTermTaxableGain = (try? longTermTaxableGain + row.longTermTaxableGain) ?? longTermTaxableGain
        shortTermGain = (try? shortTermGain + row.shortTermGain) ?? shortTermGain
    }
}
