import ArgumentParser
import Caching
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Money
import MutualFunds
import Networking
import Persistence
import Timing

/// `folio funds favorites`: schemes to keep an eye on.
struct FavoritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites",
        abstract: "Keep a list of favourite schemes and see their latest NAVs.",
        discussion: """
            Favourites are stored in folio's data directory and survive `funds cache clear`.

            Examples:
              folio funds favorites add 122639
              folio funds favorites list
            """,
        subcommands: [FavoritesAdd.self, FavoritesRemove.self, FavoritesList.self]
    )
}

/// `folio funds favorites add`.
struct FavoritesAdd: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a scheme to the favourites (its code is checked with the MF API).",
        discussion: """
            Examples:
              folio funds favorites add 122639
              folio funds favorites add 120505
            """
    )

    @Argument(help: "The scheme code, e.g. 122639.")
    var code: SchemeCode

    func run(in context: FeatureContext) async throws {
        let services = FundsServices(context: context)
        let history = try await services.history(code: code.value).value
        let favorite = Favorite(code: history.code, name: history.name, addedAt: context.timing.now())
        let added = try await context.store.write { try FavoritesStore.add(favorite, in: $0) }
        context.terminal.print(
            added
                ? "Added \(favorite.code) \(favorite.name) to the favorites."
                : "\(favorite.code) \(favorite.name) is already a favorite.")
    }
}

/// `folio funds favorites remove`.
struct FavoritesRemove: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a scheme from the favourites.",
        discussion: """
            Examples:
              folio funds favorites remove 122639
              folio funds favorites remove 120505
            """
    )

    @Argument(help: "The scheme code, e.g. 122639.")
    var code: SchemeCode

    func run(in context: FeatureContext) async throws {
        let code = code.value
        guard let removed = try await context.store.write({ try FavoritesStore.remove(code: code, in: $0) }) else {
            throw FolioError(
                .refused, "\(code) is not a favorite", hint: "see the favorites with: folio funds favorites list")
        }
        context.terminal.print("Removed \(removed.code) \(removed.name) from the favorites.")
    }
}

/// `folio funds favorites list`.
struct FavoritesList: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the favourites with their latest NAV and 1D and 1Y change.",
        discussion: """
            1D: latest NAV / previous NAV − 1. 1Y: the 1Y point-to-point return (NAV at the latest date / NAV at \
            the latest date on or before one calendar year earlier − 1). Histories are fetched concurrently \
            under the cache policy. Every favourite is always listed: one that cannot be loaded (offline with \
            nothing cached, the API failing) shows "unavailable" and why, and the command still succeeds. The \
            footer says "some stale" only when a listed figure comes from an expired cached copy.

            Examples:
              folio funds favorites list
              folio funds favorites list --format json
            """
    )

    @OptionGroup var cache: CacheOptions
    @OptionGroup var formatting: FormatOptions

    struct Row: Encodable {
        var code: Int
        var name: String
        @NullEncodable var nav: Amount?
        @NullEncodable var navDate: String?
        @NullEncodable var change1D: Double?
        @NullEncodable var return1Y: Double?
        var stale: Bool
        @NullEncodable var asOf: Date?
        @NullEncodable var error: String?

        static let columns = ["code", "name", "nav", "navDate", "change1D", "return1Y", "stale", "asOf", "error"]
    }

    func run(in context: FeatureContext) async throws {
        let services = FundsServices(context: context)
        let favorites = try await context.store.read { try FavoritesStore.all(in: $0) }
        guard !favorites.isEmpty else {
            switch formatting.format {
            case .json: try formatting.emit("[]", to: context.terminal)
            case .csv: try formatting.emit(CSVOutput.document(header: Row.columns, rows: []), to: context.terminal)
            case .table:
                try formatting.emit(
                    "No favorites yet. Add one with: folio funds favorites add <code>", to: context.terminal)
            }
            return
        }
        let results = try await services.histories(
            codes: favorites.map(\.code), label: "Fetching favorites", refresh: cache.refresh)
        var rows: [Row] = []
        var failures = 0
        var reasons: [Int: String] = [:]
        for (favorite, result) in zip(favorites, results) {
            switch result {
            case .success(let cached):
                services.warnIfStale(cached, what: "NAV history of \(favorite.code)")
                let history = cached.value
                let report = FundReport(history: history)
                rows.append(
                    Row(
                        code: favorite.code, name: history.meta.name ?? favorite.name, nav: report?.latest.nav,
                        navDate: report?.latest.date.iso8601, change1D: report?.dailyChangePercent,
                        return1Y: report?.returns[.oneYear]?.absolute, stale: cached.isStale, asOf: cached.asOf,
                        error: nil))
            case .failure(let error):
                failures += 1
                context.terminal.warn("\(favorite.code): \(error.what)" + (error.why.map { " — \($0)" } ?? ""))
                rows.append(
                    Row(
                        code: favorite.code, name: favorite.name, nav: nil, navDate: nil, change1D: nil, return1Y: nil,
                        stale: false, asOf: nil, error: error.what))
                reasons[favorite.code] = error.what + (error.why.map { " — \($0)" } ?? "")
            }
        }
        // The list itself was read: every favourite is shown, loaded or not, and the command succeeds.
        switch formatting.format {
        case .json:
            try formatting.emit(try JSONOutput.string(rows), to: context.terminal)
        case .csv:
            try formatting.emit(try CSVOutput.rows(rows, columns: Row.columns), to: context.terminal)
        case .table:
            let table = TextTable(
                columns: [
                    .number("CODE"), .text("NAME", truncatable: true), .number("NAV"), .text("DATE"), .number("1D"),
                    .number("1Y"),
                ],
                rows: rows.map { row in
                    [
                        TextTable.Cell(String(row.code)), TextTable.Cell(row.name),
                        TextTable.Cell(row.nav.map(FundsFormat.nav) ?? "unavailable"),
                        TextTable.Cell(row.navDate ?? "—"), FundsFormat.trendCell(row.change1D),
                        FundsFormat.trendCell(row.return1Y),
                    ]
                })
            var text = table.render(style: context.style, maxWidth: context.terminal.width)
            for row in rows {
                if let reason = reasons[row.code] { text += context.style.dim("\(row.code) unavailable: \(reason)") + "\n" }
            }
            if failures == rows.count {
                text += context.style.dim("No favourite could be loaded.") + "\n"
            }
            if let oldest = rows.compactMap(\.asOf).min() {
                text += context.style.dim(
                    "Data as of \(FundsFormat.asOf(oldest, now: context.timing.now()))"
                        + (rows.contains(where: \.stale) ? ", some stale" : "") + ".")
            }
            try formatting.emit(text, to: context.terminal)
        }
    }
}
