import Failures
import FeatureCLI

/// `folio stocks alerts …` as it was typed before the host kept every feature's alerts: the same words, run
/// as `folio alerts … stock` over the one alert store (the stocks feature's own alerts were taken into it).
enum StocksAlertsAlias {
    /// The alias the descriptor declares.
    static let alias = CommandAlias(rewrite: rewrite)

    /// The command line to run for `arguments`: nil unless it starts `stocks alerts`.
    /// - Throws: ``FolioError`` (usage) for `rearm`, which has no counterpart: a level alert re-arms itself.
    static func rewrite(_ arguments: [String]) throws -> [String]? {
        guard arguments.count >= 2, arguments[0] == "stocks", arguments[1] == "alerts" else { return nil }
        // `stocks alerts` alone or with an option (`--help`) is the host's group.
        guard arguments.count >= 3, !arguments[2].hasPrefix("-") else { return ["alerts"] + arguments.dropFirst(2) }
        let rest = Array(arguments.dropFirst(3))
        switch arguments[2] {
        case "add": return ["alerts", "add", "stock"] + rest
        case "list", "remove": return ["alerts", arguments[2]] + rest
        case "check":
            // Prices are refreshed by their time to live in every check; --interval gives way to each kind's rate.
            var kept: [String] = []
            var watch = false
            var skipNext = false
            for word in rest {
                if skipNext { skipNext = false; continue }
                switch word {
                case "--watch": watch = true
                case "--refresh": continue
                case "--interval": skipNext = true
                default: if !word.hasPrefix("--interval=") { kept.append(word) }
                }
            }
            return (watch ? ["alerts", "watch"] : ["alerts", "check"]) + kept
        case "rearm":
            throw FolioError(
                .usage, "stocks alerts rearm is no longer needed",
                why: "a price alert re-arms itself once the price leaves its level",
                hint: "folio alerts list shows each alert's state")
        default: return nil
        }
    }
}
