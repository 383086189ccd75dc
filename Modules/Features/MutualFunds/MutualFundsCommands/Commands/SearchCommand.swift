import ArgumentParser
import Caching
import FeatureCLI
import FeatureKit
import Foundation
import Money
import MutualFunds
import Networking
import Persistence
import Timing

/// `folio funds search`: find schemes by name words, code or ISIN in the cached scheme list.
struct SearchCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find schemes by words of their name, a scheme code or an ISIN.",
        discussion: """
            Every term must match the start of a word in the scheme's name (case- and accent-insensitive), or be \
            its whole code or an ISIN. Best matches come first: exact codes and ISINs, then whole words before \
            word prefixes, terms in the order typed, names that start with the terms, shorter names.

            Categories, plans and options are worked out from AMFI's names: category equity, debt, hybrid, \
            solution (retirement and children's funds) or other (index funds, ETFs, funds of funds); plan direct \
            or regular; option growth or idcw (which includes the older "Dividend" wording). Old schemes whose \
            names do not say are left out by those filters. --house matches words of the fund house's name.

            The scheme list (about 45,000 schemes) is fetched once and kept as a searchable index; it is \
            refreshed after an hour (FOLIO_FUNDS_LIST_TTL).

            Examples:
              folio funds search parag flexi
              folio funds search liquid --house "aditya birla" --plan direct --option growth --format json
            """
    )

    @Argument(help: "Words to find (each must start a word of the name), a scheme code or an ISIN.")
    var terms: [String] = []

    @Option(help: "Only this category.")
    var category: Choice<AssetClass>?

    @Option(help: ArgumentHelp("Only fund houses whose name has these words.", valueName: "text"))
    var house: String?

    @Option(help: "Only this plan.")
    var plan: Choice<Plan>?

    @Option(help: "Only this option (idcw also accepts dividend).")
    var option: Choice<PayoutOption>?

    /// The most schemes to list.
    var limit: Int { chosenLimit ?? 20 }

    // Optional, with the default applied above and named in the help: describing a declared default costs
    // ArgumentParser three conformance lookups per process (each a scan of every record on Linux).
    @Option(name: .customLong("limit"), help: "The most schemes to list (default: 20).")
    var chosenLimit: Int?

    @OptionGroup var cache: CacheOptions
    @OptionGroup var formatting: FormatOptions

    var query: SchemeQuery {
        SchemeQuery(
            terms: terms, assetClass: category?.value, house: house, plan: plan?.value, option: option?.value,
            limit: limit)
    }

    func validate() throws {
        guard (1...10_000).contains(limit) else { throw ValidationError("--limit must be from 1 to 10000.") }
        if query.isEmpty {
            throw ValidationError(
                "Give words to search for (letters or digits), or a filter such as --house or --category.")
        }
    }

    func run(in context: FeatureContext) async throws {
        let services = FundsServices(context: context)
        let mode = try services.mode(refresh: cache.refresh)
        let report = try await services.service().search(query, mode: mode)
        services.warnIfStale(report.freshness, what: "the scheme list")
        if report.skippedRows > 0 {
            context.terminal.warn("\(report.skippedRows) malformed rows in the scheme list were skipped")
        }
        try formatting.render(rows: report.rows, columns: SchemeRow.columns, to: context.terminal) {
            table(report, context: context)
        }
    }

    private func table(_ result: SchemeSearchReport, context: FeatureContext) -> String {
        let stamp =
            "Scheme list of \(result.listCount) schemes as of \(FundsFormat.asOf(result.freshness.asOf, now: context.timing.now()))"
            + (result.freshness.stale ? ", stale" : "") + "."
        guard !result.rows.isEmpty else {
            let words = terms.joined(separator: " ")
            return "No schemes match\(words.isEmpty ? " the filters" : " \"\(words)\"")\(filterText).\n"
                + context.style.dim(stamp) + "\n"
        }
        let table = TextTable(
            columns: [
                .number("CODE"), .text("NAME", truncatable: true), .text("CATEGORY"), .text("PLAN"), .text("OPTION"),
            ],
            rows: result.rows.map { record in
                [
                    TextTable.Cell(String(record.code)), TextTable.Cell(record.name),
                    TextTable.Cell(record.category?.rawValue ?? "—"), TextTable.Cell(record.plan?.rawValue ?? "—"),
                    TextTable.Cell(record.option?.rawValue ?? "—"),
                ]
            })
        var text = table.render(style: context.style, maxWidth: formatting.tableWidth(on: context.terminal))
        let shown = "\(result.rows.count) scheme\(result.rows.count == 1 ? "" : "s") shown"
        let more = result.hasMore ? "; more match — add words or raise --limit (\(limit))" : ""
        text += context.style.dim("\(shown)\(more). \(stamp)") + "\n"
        return text
    }

    private var filterText: String {
        var parts: [String] = []
        if let category { parts.append("category \(category.value.rawValue)") }
        if let house { parts.append("house \"\(house)\"") }
        if let plan { parts.append("plan \(plan.value.rawValue)") }
        if let option { parts.append("option \(option.value.rawValue)") }
        return parts.isEmpty ? "" : " with " + parts.joined(separator: ", ")
    }
}
