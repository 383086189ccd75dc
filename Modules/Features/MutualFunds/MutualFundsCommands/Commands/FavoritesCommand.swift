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
        let change = try await FundsServices(context: context).service().addFavorite(code: code.value)
        let favorite = change.favorite
        context.terminal.print(
            change.changed
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
        let removed: Favorite
        do {
            removed = try await FundsServices(context: context).service().removeFavorite(code: code.value).favorite
        } catch let error as FolioError where error.kind == .notFound {
            throw FolioError(
                error.kind, error.what, why: error.why, hint: "see the favorites with: folio funds favorites list",
                field: error.field)
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

    func run(in context: FeatureContext) async throws {
        let services = FundsServices(context: context)
        let mode = try services.mode(refresh: cache.refresh)
        let service = try services.service()
        let count = try await context.store.read { try $0.count(.prefix(FavoritesStore.prefix)) }
        let bar = services.progressBar("Fetching favorites", count: count)
        let rows = try await service.favorites(mode: mode, progress: { bar?.advance() })
        bar?.finish()
        guard !rows.isEmpty else {
            switch formatting.format {
            case .json: try formatting.emit("[]", to: context.terminal)
            case .csv:
                try formatting.emit(CSVOutput.document(header: FavoriteRow.columns, rows: []), to: context.terminal)
            case .table:
                try formatting.emit(
                    "No favorites yet. Add one with: folio funds favorites add <code>", to: context.terminal)
            }
            return
        }
        var failures = 0
        var reasons: [Int: String] = [:]
        for row in rows {
            if let error = row.error {
                failures += 1
                context.terminal.warn("\(row.code): \(error)")
                reasons[row.code] = error
            } else if let asOf = row.asOf {
                services.warnIfStale(
                    Freshness(asOf: asOf, stale: row.stale, fromCache: true, staleReason: row.staleReason),
                    what: "NAV history of \(row.code)")
            }
        }
        // The list itself was read: every favourite is shown, loaded or not, and the command succeeds.
        try formatting.render(rows: rows, columns: FavoriteRow.columns, to: context.terminal) {
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
            var text = table.render(style: context.style, maxWidth: formatting.tableWidth(on: context.terminal))
            for row in rows {
                if let reason = reasons[row.code] {
                    text += context.style.dim("\(row.code) unavailable: \(reason)") + "\n"
                }
            }
            if failures == rows.count {
                text += context.style.dim("No favourite could be loaded.") + "\n"
            }
            if let oldest = rows.compactMap(\.asOf).min() {
                text += context.style.dim(
                    "Data as of \(FundsFormat.asOf(oldest, now: context.timing.now()))"
                        + (rows.contains(where: \.stale) ? ", some stale" : "") + ".")
            }
            return text
        }
    }
}
