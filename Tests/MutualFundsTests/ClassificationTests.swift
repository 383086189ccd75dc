import MutualFunds
import NetworkingTesting
import Testing
import Timing

@Suite("Classifying schemes from their real names")
struct ClassificationTests {
    /// (name, house, class, plan, option) for real AMFI names: the 50-entry list sample, the fixtures' schemes
    /// and well-known current schemes.
    static let cases: [(String, String?, AssetClass?, Plan?, PayoutOption?)] = [
        (
            "Grindlays Super Saver Income Fund-GSSIF-Half Yearly Dividend", "Standard Chartered Mutual Fund", .debt,
            nil, .idcw
        ),
        (
            "Grindlays Super Saver Income Fund-GSSIF-Quaterly Dividend", "Standard Chartered Mutual Fund", .debt, nil,
            .idcw
        ),
        ("Grindlays Super Saver Income Fund-GSSIF - ST-Growth", "Standard Chartered Mutual Fund", .debt, nil, .growth),
        (
            "Aditya Birla Sun Life Large & Mid Cap Fund - Regular Plan - GROWTH", "Aditya Birla Sun Life Mutual Fund",
            .equity, .regular, .growth
        ),
        (
            "Aditya Birla Sun Life Large & Mid Cap Fund - Regular Plan - IDCW", "Aditya Birla Sun Life Mutual Fund",
            .equity, .regular, .idcw
        ),
        ("Birla Sun Life Freedom Fund-Plan A (Dividend)", "Aditya Birla Sun Life Mutual Fund", nil, nil, .idcw),
        ("Birla Sun Life Freedom Fund-Plan B (Growth)", "Aditya Birla Sun Life Mutual Fund", nil, nil, .growth),
        (
            "Aditya Birla Sun Life Medium to Long Term Fund - Regular Plan - Quarterly IDCW",
            "Aditya Birla Sun Life Mutual Fund", .debt, .regular, .idcw
        ),
        (
            "Aditya Birla Sun Life Liquid Fund -Institutional - weekly  IDCW", "Aditya Birla Sun Life Mutual Fund",
            .debt, nil, .idcw
        ),
        ("Aditya Birla Sun Life Liquid Fund-Retail (Growth)", "Aditya Birla Sun Life Mutual Fund", .debt, nil, .growth),
        (
            "Aditya Birla Sun Life Cash Plus-Institutional Premium - Fortnightly Dividend",
            "Aditya Birla Sun Life Mutual Fund", .debt, nil, .idcw
        ),
        (
            "Aditya Birla Sun Life Gilt Plus - Liquid Plan - Growth - Regular Plan",
            "Aditya Birla Sun Life Mutual Fund", .debt, .regular, .growth
        ),
        (
            "Aditya Birla Sun Life Constant Maturity 10 Year Gilt Fund - Quarterly Dividend - Regular Plan",
            "Aditya Birla Sun Life Mutual Fund", .debt, .regular, .idcw
        ),
        (
            "Aditya Birla Sun Life MNC Fund - Regular Plan - GROWTH", "Aditya Birla Sun Life Mutual Fund", .equity,
            .regular, .growth
        ),
        (
            "Aditya Birla Sun Life India Opportunities Fund - Dividend - Regular Plan",
            "Aditya Birla Sun Life Mutual Fund", .equity, .regular, .idcw
        ),
        (
            "Aditya Birla Sun Life Tax Plan -Regular - IDCW", "Aditya Birla Sun Life Mutual Fund", .equity, .regular,
            .idcw
        ),
        ("BARODA ELSS 96 - Plan A - IDCW", "Baroda Mutual Fund", .equity, nil, .idcw),
        ("BARODA PIONEER DIVERSIFIED FUND", "Baroda Pioneer Mutual Fund", .equity, nil, nil),
        ("DSP Medium Term Fund - Regular Plan - Monthly IDCW", "DSP Mutual Fund", .debt, .regular, .idcw),
        ("DSP Flexi Cap Fund - Regular Plan - IDCW", "DSP Mutual Fund", .equity, .regular, .idcw),
        ("DSP Aggressive Hybrid Fund - Regular Plan - Growth", "DSP Mutual Fund", .hybrid, .regular, .growth),
        ("DSP Gilt Fund - Regular Plan - Growth", "DSP Mutual Fund", .debt, .regular, .growth),
        ("DSP Money Market Fund - Regular Plan - IDCW", "DSP Mutual Fund", .debt, .regular, .idcw),
        ("HDFC FMP 371D October 2012 (1)-Flexi Option", "HDFC Mutual Fund", .debt, nil, nil),
        ("Parag Parikh Flexi Cap Fund - Direct Plan - Growth", "PPFAS Mutual Fund", .equity, .direct, .growth),
        ("SBI Large Cap Fund - Direct Plan - Growth", "SBI Mutual Fund", .equity, .direct, .growth),
        ("Axis Midcap Fund - Direct Plan - Growth Option", "Axis Mutual Fund", .equity, .direct, .growth),
        ("Axis ELSS Tax Saver Fund - Direct Plan - Growth", "Axis Mutual Fund", .equity, .direct, .growth),
        (
            "ICICI Prudential Nifty 50 Index Fund - Direct Plan Cumulative Option", "ICICI Prudential Mutual Fund",
            .other, .direct, .growth
        ),
        ("Nippon India ETF Nifty 50 BeES", "Nippon India Mutual Fund", .other, nil, nil),
        (
            "Motilal Oswal Nasdaq 100 Fund of Fund - Direct Plan Growth", "Motilal Oswal Mutual Fund", .other, .direct,
            .growth
        ),
        ("SBI Gold Fund - Regular Plan - Growth", "SBI Mutual Fund", .other, .regular, .growth),
        (
            "HDFC Retirement Savings Fund - Equity Plan - Direct Plan - Growth Option", "HDFC Mutual Fund", .solution,
            .direct, .growth
        ),
        (
            "ICICI Prudential Child Care Fund (Gift Plan) - Direct Plan - Growth", "ICICI Prudential Mutual Fund",
            .solution, .direct, .growth
        ),
        ("Kotak Equity Arbitrage Fund - Direct Plan - Growth", "Kotak Mahindra Mutual Fund", .hybrid, .direct, .growth),
        ("HDFC Balanced Advantage Fund - IDCW Option - Direct Plan", "HDFC Mutual Fund", .hybrid, .direct, .idcw),
        ("Quant Small Cap Fund - Growth Option - Direct Plan", "Quant Mutual Fund", .equity, .direct, .growth),
        (
            "Quantum Long Term Equity Value Fund - Direct Plan Growth Option", "Quantum Mutual Fund", .equity, .direct,
            .growth
        ),
        (
            "ICICI Prudential Banking and PSU Debt Fund - Direct Plan - Growth", "ICICI Prudential Mutual Fund", .debt,
            .direct, .growth
        ),
        (
            "Templeton India Equity Income Fund - Direct - IDCW", "Franklin Templeton Mutual Fund", .equity, .direct,
            .idcw
        ),
        ("UTI Dividend Yield Fund - Direct Plan - Growth Option", "UTI Mutual Fund", .equity, .direct, .growth),
        (
            "Aditya Birla Sun Life Regular Savings Fund - Growth - Direct Plan", "Aditya Birla Sun Life Mutual Fund",
            .hybrid, .direct, .growth
        ),
        ("Tata Dividend Yield Fund-Regular Plan-Payout of IDCW", "Tata Mutual Fund", .equity, .regular, .idcw),
        (
            "Mirae Asset Large & Midcap Fund - Direct Plan - Growth", "Mirae Asset Mutual Fund", .equity, .direct,
            .growth
        ),
        (
            "Baroda BNP Paribas Liquid Fund - Direct Plan - Growth", "Baroda BNP Paribas Mutual Fund", .debt, .direct,
            .growth
        ),
        ("Some Unheard-of Scheme", nil, nil, nil, nil),
    ]

    @Test("fund house, asset class, plan and option from the name", arguments: cases.indices)
    func classify(_ index: Int) {
        let (name, house, assetClass, plan, option) = Self.cases[index]
        let profile = SchemeClassifier.profile(name: name)
        #expect(profile.fundHouse == house, "\(name)")
        #expect(profile.assetClass == assetClass, "\(name)")
        #expect(profile.plan == plan, "\(name)")
        #expect(profile.option == option, "\(name)")
    }

    @Test("AMFI categories decide the class when usable, in both wordings and bare old ones")
    func categories() {
        #expect(SchemeClassifier.assetClass(category: "Equity Scheme - Large Cap Fund") == .equity)
        #expect(SchemeClassifier.assetClass(category: "Equity Schemes - ELSS- Tax Saver Fund") == .equity)
        #expect(SchemeClassifier.assetClass(category: "Debt Scheme - Liquid Fund") == .debt)
        #expect(SchemeClassifier.assetClass(category: "Hybrid Scheme - Arbitrage Fund") == .hybrid)
        #expect(SchemeClassifier.assetClass(category: "Solution Oriented Scheme - Retirement Fund") == .solution)
        #expect(SchemeClassifier.assetClass(category: "Other Scheme - Index Funds") == .other)
        #expect(SchemeClassifier.assetClass(category: "Other Scheme - FoF Overseas") == .other)
        #expect(SchemeClassifier.assetClass(category: "Income") == .debt)
        #expect(SchemeClassifier.assetClass(category: "Formerly Known as IIFL Mutual Fund") == nil)
    }

    @Test("with meta: AMFI's house and category win, the glitch falls back to the name")
    func withMeta() throws {
        let glitch = SchemeMeta(
            code: 100042, name: "Aditya Birla Sun Life Liquid Fund-Retail (Growth)",
            fundHouse: "Aditya Birla Sun Life Mutual Fund", schemeType: "360 ONE Mutual Fund",
            schemeCategory: "Formerly Known as IIFL Mutual Fund")
        let profile = SchemeClassifier.profile(meta: glitch, name: glitch.name!)
        #expect(profile.assetClass == .debt)
        #expect(profile.fundHouse == "Aditya Birla Sun Life Mutual Fund")
        let history = try TestData.fixtureHistory("scheme_122639_history_full_3266pts.json", code: 122639)
        let ppfas = SchemeClassifier.profile(meta: history.meta, name: history.name)
        #expect(
            ppfas == SchemeProfile(fundHouse: "PPFAS Mutual Fund", assetClass: .equity, plan: .direct, option: .growth))
    }

    @Test("every name in the list sample gets a fund house")
    func listSampleHouses() throws {
        let list = try MFAPIDecoding.schemeList(from: Fixtures.data("mfapi/list_sample_first50.json"))
        for scheme in list.schemes {
            #expect(FundHouses.house(forName: scheme.name) != nil, "\(scheme.name)")
        }
    }
}
