import Foundation

/// ISO 4217 currency codes.
public enum CurrencyCode {
    /// The active ISO 4217 codes (plus the common crypto tickers BTC and ETH, which people track).
    public static let known: Set<String> = Set(
        """
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD
        CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ
        GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR
        LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN
        PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB
        TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL
        XAU XAG BTC ETH
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    /// The upper-cased code.
    /// - Throws: ``NetWorthError`` (malformed) when `text` is not three letters, (refused) when it is not a
    ///   known code.
    public static func validate(_ text: String) throws(NetWorthError) -> String {
        let code = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw NetWorthError(
                .malformed, "\"\(text)\" is not a currency code", why: "expected three letters such as GBP, USD or EUR")
        }
        guard known.contains(code) else {
            throw NetWorthError(.refused, "unknown currency \(code)", why: "it is not an ISO 4217 currency code")
        }
        return code
    }

    /// How many decimals an amount in `code` may have: ISO 4217's minor unit (2 for most, 0 for JPY or KRW,
    /// 3 for the dinars), 8 for BTC, 12 (every place an amount holds) for ETH and the metals, which are
    /// weighed rather than counted in coins.
    public static func minorUnits(_ code: String) -> Int {
        switch code {
        case "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF",
            "XOF", "XPF":
            0
        case "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND": 3
        case "BTC": 8
        case "ETH", "XAU", "XAG": 12
        default: 2
        }
    }
}
