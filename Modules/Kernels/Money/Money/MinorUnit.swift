/// The minor unit of a currency (ISO 4217): how many decimal places its smallest coin has.
///
/// One rule for every report: a money figure a feature computes (a value, an income, a fee, a projection) is
/// reported at its currency's minor unit, rounded half-even, in every format; prices, NAVs, units and rates keep
/// their own precision, since they are inputs or ratios, not amounts anyone is paid.
public enum MinorUnit {
    /// The decimal places of `currencyCode` (any case): 0 for the yen and won, 3 for the dinars, 2 otherwise.
    public static func places(of currencyCode: String) -> Int {
        exceptions[currencyCode.uppercased()] ?? 2
    }

    /// ISO 4217 currencies whose minor unit is not two places.
    private static let exceptions: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0, "RWF": 0,
        "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
        "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
        "CLF": 4, "UYW": 4,
    ]
}

extension Amount {
    /// A computed money figure as it is reported: at the minor unit of `currencyCode`, ties to even
    /// (`637.3390684932` USD → `637.34`; `1234.5` JPY → `1234`).
    public func roundedToMinorUnit(of currencyCode: String) -> Amount {
        rounded(toPlaces: MinorUnit.places(of: currencyCode), .halfEven)
    }
}
