/// Fund houses (AMCs) recognised from the start of a scheme's name, which is how AMFI names schemes
/// ("HDFC Flexi Cap Fund", "Parag Parikh Flexi Cap Fund" for PPFAS). Names of defunct or renamed AMCs map
/// to the house AMFI lists them under (Grindlays schemes belong to Standard Chartered Mutual Fund).
public enum FundHouses {
    /// (name prefixes, the house's name). Prefixes are matched as whole words; longer ones are tried first.
    static let table: [([String], String)] = [
        (
            ["aditya birla sun life", "aditya birla", "birla sun life", "absl", "birla"],
            "Aditya Birla Sun Life Mutual Fund"
        ),
        (["axis"], "Axis Mutual Fund"),
        (["bajaj finserv"], "Bajaj Finserv Mutual Fund"),
        (["bandhan"], "Bandhan Mutual Fund"),
        (["bank of india", "boi axa", "boi"], "Bank of India Mutual Fund"),
        (["baroda bnp paribas"], "Baroda BNP Paribas Mutual Fund"),
        (["baroda pioneer"], "Baroda Pioneer Mutual Fund"),
        (["baroda"], "Baroda Mutual Fund"),
        (["bnp paribas"], "BNP Paribas Mutual Fund"),
        (["canara robeco", "canara"], "Canara Robeco Mutual Fund"),
        (["dsp blackrock", "dsp"], "DSP Mutual Fund"),
        (["edelweiss"], "Edelweiss Mutual Fund"),
        (["franklin india", "franklin templeton", "franklin", "templeton"], "Franklin Templeton Mutual Fund"),
        (["groww"], "Groww Mutual Fund"),
        (["hdfc"], "HDFC Mutual Fund"),
        (["helios"], "Helios Mutual Fund"),
        (["hsbc"], "HSBC Mutual Fund"),
        (["icici prudential", "icici pru", "icici"], "ICICI Prudential Mutual Fund"),
        (["idbi"], "IDBI Mutual Fund"),
        (["idfc"], "IDFC Mutual Fund"),
        (["iifl"], "IIFL Mutual Fund"),
        (["360 one"], "360 ONE Mutual Fund"),
        (["il & fs", "ilfs"], "IL&FS Mutual Fund"),
        (["indiabulls"], "Indiabulls Mutual Fund"),
        (["invesco india", "invesco"], "Invesco Mutual Fund"),
        (["iti"], "ITI Mutual Fund"),
        (["jio blackrock"], "Jio BlackRock Mutual Fund"),
        (["jm financial", "jm"], "JM Financial Mutual Fund"),
        (["kotak mahindra", "kotak"], "Kotak Mahindra Mutual Fund"),
        (["l & t", "lnt"], "L&T Mutual Fund"),
        (["lic mf", "lic nomura", "lic"], "LIC Mutual Fund"),
        (["mahindra manulife", "mahindra"], "Mahindra Manulife Mutual Fund"),
        (["mirae asset", "mirae"], "Mirae Asset Mutual Fund"),
        (["motilal oswal", "motilal"], "Motilal Oswal Mutual Fund"),
        (["navi"], "Navi Mutual Fund"),
        (["nippon india", "nippon"], "Nippon India Mutual Fund"),
        (["nj"], "NJ Mutual Fund"),
        (["old bridge"], "Old Bridge Mutual Fund"),
        (["parag parikh", "ppfas"], "PPFAS Mutual Fund"),
        (["pgim india", "pgim", "dhfl pramerica", "pramerica"], "PGIM India Mutual Fund"),
        (["principal"], "Principal Mutual Fund"),
        (["quantum"], "Quantum Mutual Fund"),
        (["quant"], "Quant Mutual Fund"),
        (["reliance"], "Reliance Mutual Fund"),
        (["sahara"], "Sahara Mutual Fund"),
        (["samco"], "Samco Mutual Fund"),
        (["sbi", "sbi magnum", "magnum"], "SBI Mutual Fund"),
        (["shriram"], "Shriram Mutual Fund"),
        (["grindlays", "standard chartered"], "Standard Chartered Mutual Fund"),
        (["sundaram bnp paribas", "sundaram"], "Sundaram Mutual Fund"),
        (["tata"], "Tata Mutual Fund"),
        (["taurus"], "Taurus Mutual Fund"),
        (["trust", "trustmf"], "Trust Mutual Fund"),
        (["union kbc", "union"], "Union Mutual Fund"),
        (["unifi"], "Unifi Mutual Fund"),
        (["uti"], "UTI Mutual Fund"),
        (["whiteoak capital", "whiteoak", "white oak"], "WhiteOak Capital Mutual Fund"),
        (["yes"], "Yes Mutual Fund"),
        (["zerodha"], "Zerodha Mutual Fund"),
        (["angel one"], "Angel One Mutual Fund"),
        (["capitalmind"], "Capitalmind Mutual Fund"),
        (["essel"], "Essel Mutual Fund"),
        (["escorts"], "Escorts Mutual Fund"),
        (["morgan stanley"], "Morgan Stanley Mutual Fund"),
        (["fidelity"], "Fidelity Mutual Fund"),
        (["jpmorgan", "jp morgan"], "JPMorgan Mutual Fund"),
        (["deutsche", "dws"], "Deutsche Mutual Fund"),
        (["daiwa"], "Daiwa Mutual Fund"),
        (["pinebridge", "pine bridge"], "PineBridge Mutual Fund"),
        (["peerless"], "Peerless Mutual Fund"),
        (["goldman sachs"], "Goldman Sachs Mutual Fund"),
        (["benchmark"], "Benchmark Mutual Fund"),
        (["ing"], "ING Mutual Fund"),
    ]

    /// Prefixes as words, grouped by their first word and longest first, so a name is checked against the few
    /// prefixes that can match ("baroda bnp paribas" before "baroda") rather than all of them.
    private static let prefixesByFirstWord: [String: [([String], String)]] = {
        var groups: [String: [([String], String)]] = [:]
        for (names, house) in table {
            for name in names {
                let words = name.phraseWords
                groups[words[0], default: []].append((words, house))
            }
        }
        return groups.mapValues { $0.sorted { $0.0.count > $1.0.count } }
    }()

    /// The fund house a scheme's name starts with, or nil when the name names no house folio knows.
    public static func house(forName name: String) -> String? { house(words: NameWords(name)) }

    static func house(words: NameWords) -> String? {
        guard let first = words.words.first, let candidates = prefixesByFirstWord[first] else { return nil }
        return candidates.first { words.starts(with: $0.0) }?.1
    }
}
