import ArgumentParser
import Foundation
import Racing

/// The options that choose a board, shared by `next` and `watch`.
struct BoardOptions: ParsableArguments {
    /// Countries the service lists most often, offered by shell completion (any letter code is accepted).
    static let countryCodes = ["AUS", "NZ", "UK", "IRE", "USA", "FR", "JPN", "SAF", "CA", "CHI", "SWE"]

    /// The largest board.
    static let maximumCount = BoardRequest.maximumCount

    /// How many races to show.
    var count: Int { chosenCount ?? NextToGo.defaultCount }

    // Optional, with the default applied above and named in the help: describing a declared default costs
    // ArgumentParser three conformance lookups per process (each a scan of every record on Linux).
    @Option(
        name: .customLong("count"),
        help: ArgumentHelp(
            "How many races to show (1–\(BoardOptions.maximumCount); default: \(NextToGo.defaultCount)).",
            valueName: "n"))
    var chosenCount: Int?

    @Option(
        help: ArgumentHelp(
            "Only these racing codes, comma-separated: horse, harness, greyhound, other.", valueName: "codes"),
        completion: .list(RaceCategory.Kind.allCases.map(\.rawValue)))
    var category: [String] = []

    @Option(
        help: ArgumentHelp(
            "Only venues in these countries, comma-separated codes (AUS, NZ, UK, USA, …; GBR = UK, IRL = IRE).",
            valueName: "codes"),
        completion: .list(BoardOptions.countryCodes))
    var country: [String] = []

    @Flag(help: "Full sentences without colour or table drawing (for screen readers).")
    var plain = false

    func validate() throws {
        guard (1...Self.maximumCount).contains(count) else {
            throw ValidationError("--count must be between 1 and \(Self.maximumCount), not \(count).")
        }
        _ = try categories()
        if countries().contains(where: { $0.isEmpty || !$0.allSatisfy(\.isLetter) }) {
            throw ValidationError(
                "--country takes letter codes such as AUS,NZ,UK; got \"\(country.joined(separator: ","))\".")
        }
    }

    /// The codes named by `--category` (repeatable and comma-separated).
    func categories() throws -> Set<RaceCategory.Kind> {
        var kinds: Set<RaceCategory.Kind> = []
        for word in BoardRequest.words(category) {
            guard let kind = RaceCategory.Kind(named: word) else {
                throw ValidationError(
                    "unknown category \"\(word)\" — use horse, harness, greyhound or other (comma-separated).")
            }
            kinds.insert(kind)
        }
        return kinds
    }

    /// The codes named by `--country`.
    func countries() -> [String] { BoardRequest.words(country) }

    /// The board these options ask for (checked by ``validate()`` with the flags' names first).
    func request() throws -> BoardRequest {
        try BoardRequest(count: count, categories: category, countries: country)
    }
}
