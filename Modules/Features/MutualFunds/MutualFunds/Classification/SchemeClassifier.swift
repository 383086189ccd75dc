import Foundation

/// Classifies schemes from AMFI's raw names and, when available, the history's meta.
///
/// Names are matched as lower-case words with punctuation removed (`"Large & Mid Cap"` → ` large & mid cap `),
/// against phrases padded with spaces, so `cap` never matches inside `capital`. Rules are tried in order and
/// the first that matches wins; the order encodes AMFI's precedence (an index fund that tracks a mid-cap
/// index is "other", a "Long Term Equity Fund" is equity although "long term" is debt wording).
public enum SchemeClassifier {
    /// The profile of a scheme from the list (name only).
    public static func profile(name: String) -> SchemeProfile {
        let text = normalise(name)
        return SchemeProfile(
            fundHouse: FundHouses.house(forName: name), assetClass: assetClass(normalised: text),
            plan: plan(normalised: text), option: option(normalised: text))
    }

    /// The profile of a scheme whose meta is known: AMFI's category and fund house win where they are usable,
    /// the name decides the rest.
    public static func profile(meta: SchemeMeta, name: String) -> SchemeProfile {
        var result = profile(name: name)
        if let house = meta.fundHouse, house.lowercased().contains("mutual fund") { result.fundHouse = house }
        if let category = meta.schemeCategory, let assetClass = assetClass(category: category) {
            result.assetClass = assetClass
        }
        return result
    }

    /// The asset class stated by AMFI's `scheme_category` ("Equity Scheme - Flexi Cap Fund", bare "Income"),
    /// or nil for text that is not a category (the header glitch "Formerly Known as IIFL Mutual Fund").
    public static func assetClass(category: String) -> AssetClass? {
        let text = normalise(category)
        let prefixes: [(String, AssetClass)] = [
            (" equity scheme", .equity), (" debt scheme", .debt), (" hybrid scheme", .hybrid),
            (" solution oriented scheme", .solution), (" other scheme", .other),
        ]
        for (prefix, assetClass) in prefixes where text.hasPrefix(prefix) { return assetClass }
        if text.contains(" mutual fund ") || text.contains(" formerly ") { return nil }
        // Pre-2017 categories are bare words; the name rules understand them.
        return self.assetClass(normalised: text)
    }

    /// The asset class a name implies, or nil when it says nothing recognisable.
    public static func assetClass(name: String) -> AssetClass? {
        assetClass(normalised: normalise(name))
    }

    /// The plan a name states, or nil (schemes from before 2013 have no plan in their names).
    public static func plan(name: String) -> Plan? { plan(normalised: normalise(name)) }

    /// The option a name states, or nil.
    public static func option(name: String) -> PayoutOption? { option(normalised: normalise(name)) }

    // MARK: - Rules

    private static let rules: [([String], AssetClass)] = [
        (
            [
                " etf ", " etfs ", " exchange traded ", " index fund ", " index ", " fund of fund", " fund of funds ",
                " fof ", " fofs ", " feeder ", " bees ", " nifty ", " sensex ", " gold ", " silver ",
            ], .other
        ),
        ([" retirement ", " pension ", " children ", " childrens ", " child ", " children s "], .solution),
        (
            [
                " hybrid ", " balanced ", " arbitrage ", " equity savings ", " multi asset ", " asset allocation ",
                " asset allocator ", " monthly income ", " mip ", " equity & debt ", " equity and debt ",
                " capital protection ", " capital protection oriented ", " dynamic asset ", " regular savings ",
                " conservative hybrid ",
            ], .hybrid
        ),
        (
            [
                " equity ", " elss ", " tax saver ", " tax saving ", " taxsaver ", " tax plan ", " tax relief ",
                " tax advantage ", " large cap ", " largecap ", " mid cap ", " midcap ", " small cap ", " smallcap ",
                " flexi cap ", " flexicap ", " multi cap ", " multicap ", " large & mid cap ", " large and mid cap ",
                " bluechip ", " blue chip ", " focused ", " dividend yield ", " contra ",
            ], .equity
        ),
        (
            [
                " liquid ", " overnight ", " money market ", " gilt ", " debt ", " bond ", " income ", " credit risk ",
                " duration ", " short term ", " medium term ", " long term ", " ultra short ", " floater ",
                " floating rate ", " fmp ", " fixed maturity ", " fixed term ", " fixed horizon ", " interval ",
                " treasury ", " cash ", " savings ", " constant maturity ", " g sec ", " gsec ", " sdl ",
                " banking & psu ", " banking and psu ", " corporate ", " accrual ", " dynamic bond ",
                " target maturity ", " psu debt ", " government securities ", " short maturity ",
            ], .debt
        ),
        (
            [
                " value ", " opportunities ", " diversified ", " infrastructure ", " infra ", " pharma ",
                " healthcare ", " technology ", " tech ", " digital ", " consumption ", " fmcg ", " mnc ",
                " psu ", " banking ", " financial services ", " frontline ", " top 100 ", " top 200 ", " emerging ",
                " special situations ", " innovation ", " manufacturing ", " energy ", " thematic ", " sector ",
                " business cycle ", " esg ", " momentum ", " quality ", " growth fund ", " leaders ", " magnum ",
                " prima ", " vision ", " equities ", " stock ",
            ], .equity
        ),
    ]

    static func assetClass(normalised text: String) -> AssetClass? {
        for (phrases, assetClass) in rules where phrases.contains(where: text.contains) { return assetClass }
        return nil
    }

    static func plan(normalised text: String) -> Plan? {
        if text.contains(" direct ") { return .direct }
        let cleaned = text.replacingOccurrences(of: " regular savings ", with: " ")
            .replacingOccurrences(of: " regular income ", with: " ")
        return cleaned.contains(" regular ") ? .regular : nil
    }

    /// The option is the last growth or IDCW word in the name, since AMFI names end with the option
    /// ("Dividend Yield Fund - Growth", "Growth Fund - IDCW"); fund-type phrases that contain the words are
    /// removed first.
    static func option(normalised text: String) -> PayoutOption? {
        var cleaned = text
        for phrase in [" dividend yield ", " growth fund ", " growth opportunities ", " growth & income "] {
            cleaned = cleaned.replacingOccurrences(of: phrase, with: " ")
        }
        let words = cleaned.split(separator: " ")
        for word in words.reversed() {
            switch word {
            case "growth", "cumulative": return .growth
            case "idcw", "dividend", "div", "dividends", "payout", "reinvestment", "reinvest": return .idcw
            default: continue
            }
        }
        return nil
    }

    /// Lower case, every run of characters other than letters, digits and `&` turned into one space, padded
    /// with a space on each side.
    static func normalise(_ text: String) -> String {
        var result = " "
        var pendingSpace = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            } else if character == "&" {
                result.append(result.last == " " ? "& " : " & ")
                pendingSpace = false
            } else {
                pendingSpace = result.last != " "
            }
        }
        if result.last != " " { result.append(" ") }
        return result
    }
}
