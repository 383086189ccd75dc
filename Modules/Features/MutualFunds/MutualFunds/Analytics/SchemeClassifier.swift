/// Classifies schemes from AMFI's raw names and, when available, the history's meta.
///
/// Names are matched as lower-case words (``NameWords``) against phrases of whole words, so `cap` never
/// matches inside `capital`. Rules are tried in order and the first that matches wins; the order encodes
/// AMFI's precedence (an index fund that tracks a mid-cap index is "other", a "Long Term Equity Fund" is
/// equity although "long term" is debt wording).
public enum SchemeClassifier {
    /// The profile of a scheme from the list (name only).
    public static func profile(name: String) -> SchemeProfile {
        let words = NameWords(name)
        return SchemeProfile(
            fundHouse: FundHouses.house(words: words), assetClass: assetClass(words), plan: plan(words),
            option: option(words))
    }

    /// The profile of a scheme whose meta is known: AMFI's category and fund house win where they are usable,
    /// the name decides the rest.
    public static func profile(meta: SchemeMeta, name: String) -> SchemeProfile {
        let words = NameWords(name)
        // The name's rules only for what the meta does not say: they cost a valuation of 50 schemes 3 % of its time.
        let house = meta.fundHouse.flatMap { NameWords($0).contains(["mutual", "fund"]) ? $0 : nil }
        let stated = meta.schemeCategory.flatMap { assetClass(category: $0) }
        return SchemeProfile(
            fundHouse: house ?? FundHouses.house(words: words), assetClass: stated ?? assetClass(words),
            plan: plan(words), option: option(words))
    }

    /// The asset class stated by AMFI's `scheme_category` ("Equity Scheme - Flexi Cap Fund", bare "Income"),
    /// or nil for text that is not a category (the header glitch "Formerly Known as IIFL Mutual Fund").
    public static func assetClass(category: String) -> AssetClass? {
        let words = NameWords(category)
        let prefixes: [(String, AssetClass)] = [
            ("equity", .equity), ("debt", .debt), ("hybrid", .hybrid), ("solution oriented", .solution),
            ("other", .other),
        ]
        for (prefix, assetClass) in prefixes {
            let phrase = prefix.phraseWords
            if words.starts(with: phrase + ["scheme"]) || words.starts(with: phrase + ["schemes"]) { return assetClass }
        }
        if words.contains(["mutual", "fund"]) || words.set.contains("formerly") { return nil }
        // Pre-2017 categories are bare words ("Income", "Growth", "ELSS"); the name rules understand them.
        return assetClass(words)
    }

    /// The asset class a name implies, or nil when it says nothing recognisable.
    public static func assetClass(name: String) -> AssetClass? { assetClass(NameWords(name)) }

    /// The plan a name states, or nil (schemes from before 2013 have no plan in their names).
    public static func plan(name: String) -> Plan? { plan(NameWords(name)) }

    /// The option a name states, or nil.
    public static func option(name: String) -> PayoutOption? { option(NameWords(name)) }

    // MARK: - Rules

    private static let rules: [([[String]], AssetClass)] = [
        (
            [
                "etf", "etfs", "exchange traded", "index fund", "index", "fund of fund", "fund of funds", "fof", "fofs",
                "feeder", "bees", "nifty", "sensex", "gold", "silver",
            ], .other
        ),
        (["retirement", "pension", "children", "childrens", "child", "children s"], .solution),
        (
            [
                "hybrid", "balanced", "arbitrage", "equity savings", "multi asset", "asset allocation",
                "asset allocator", "monthly income", "mip", "equity & debt", "equity and debt", "capital protection",
                "dynamic asset", "regular savings", "conservative hybrid",
            ], .hybrid
        ),
        (
            [
                "equity", "elss", "tax saver", "tax saving", "taxsaver", "tax plan", "tax relief", "tax advantage",
                "large cap", "largecap", "mid cap", "midcap", "small cap", "smallcap", "flexi cap", "flexicap",
                "multi cap", "multicap", "large & mid cap", "large and mid cap", "bluechip", "blue chip", "focused",
                "dividend yield", "contra",
            ], .equity
        ),
        (
            [
                "liquid", "overnight", "money market", "gilt", "debt", "bond", "income", "credit risk", "duration",
                "short term", "medium term", "long term", "ultra short", "floater", "floating rate", "fmp",
                "fixed maturity", "fixed term", "fixed horizon", "interval", "treasury", "cash", "savings",
                "constant maturity", "g sec", "gsec", "sdl", "banking & psu", "banking and psu", "corporate",
                "accrual", "dynamic bond", "target maturity", "psu debt", "government securities", "short maturity",
            ], .debt
        ),
        (
            [
                "value", "opportunities", "diversified", "infrastructure", "infra", "pharma", "healthcare",
                "technology", "tech", "digital", "consumption", "fmcg", "mnc", "psu", "banking", "financial services",
                "frontline", "top 100", "top 200", "emerging", "special situations", "innovation", "manufacturing",
                "energy", "thematic", "sector", "business cycle", "esg", "momentum", "quality", "growth fund",
                "leaders", "magnum", "prima", "vision", "equities", "stock",
            ], .equity
        ),
    ].map { phrases, assetClass in (phrases.map(\.phraseWords), assetClass) }

    static func assetClass(_ words: NameWords) -> AssetClass? {
        for (phrases, assetClass) in rules where phrases.contains(where: words.contains) { return assetClass }
        return nil
    }

    /// "Direct" anywhere; "Regular" unless it names a fund type ("Regular Savings Fund").
    static func plan(_ words: NameWords) -> Plan? {
        if words.set.contains("direct") { return .direct }
        guard words.set.contains("regular") else { return nil }
        for (index, word) in words.words.enumerated() where word == "regular" {
            let next = index + 1 < words.words.count ? words.words[index + 1] : ""
            if next != "savings" && next != "income" { return .regular }
        }
        return nil
    }

    /// The option is the last growth or IDCW word in the name, since AMFI names end with the option
    /// ("Dividend Yield Fund - Growth", "Growth Fund - IDCW"); words that are part of a fund type
    /// ("Dividend Yield", "Growth Fund", "Growth Opportunities", "Growth & Income") do not count.
    static func option(_ words: NameWords) -> PayoutOption? {
        let list = words.words
        for index in list.indices.reversed() {
            let next = index + 1 < list.count ? list[index + 1] : ""
            switch list[index] {
            case "growth" where next == "fund" || next == "opportunities" || next == "&":
                continue
            case "growth", "cumulative":
                return .growth
            case "dividend" where next == "yield":
                continue
            case "idcw", "dividend", "div", "dividends", "payout", "reinvestment", "reinvest":
                return .idcw
            default:
                continue
            }
        }
        return nil
    }
}
