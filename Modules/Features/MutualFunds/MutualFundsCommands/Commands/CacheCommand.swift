import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import Money
import MutualFunds
import Networking
import Persistence
import Timing

/// `folio funds cache`: what is cached, and clearing it.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or clear the cached scheme list and NAV histories.",
        discussion: """
            The scheme list stays fresh for FOLIO_FUNDS_LIST_TTL (default 1h), each history for \
            FOLIO_FUNDS_HISTORY_TTL (default 30m). Expired data is kept and used, marked stale, when the MF API \
            cannot be reached or with --offline.

            Examples:
              folio funds cache status
              folio funds cache clear --yes
            """,
        subcommands: [CacheStatus.self, CacheClear.self]
    )
}

/// `folio funds cache status`.
struct CacheStatus: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what is cached, when it was fetched and whether it is still fresh.",
        discussion: """
            Examples:
              folio funds cache status
              folio funds cache status --format json
            """
    )

    @OptionGroup var formatting: FormatOptions

    struct ListStatus: Encodable {
        var schemes: Int
        var skippedRows: Int
        var fetchedAt: Date
        @NullEncodable var expiresAt: Date?
        var stale: Bool
    }

    struct HistoryStatus: Encodable {
        var code: Int
        var name: String
        var points: Int
        @NullEncodable var latestNAVDate: String?
        var fetchedAt: Date
        @NullEncodable var expiresAt: Date?
        var stale: Bool
        var bytes: Int

        static let columns = ["code", "name", "points", "latestNAVDate", "fetchedAt", "expiresAt", "stale", "bytes"]
    }

    struct Status: Encodable {
        @NullEncodable var list: ListStatus?
        var histories: [HistoryStatus]
        var favorites: Int
        var listTTLSeconds: Int
        var historyTTLSeconds: Int
    }

    func run(in context: FeatureContext) async throws {
        let settings = try FundsSettings(context.configuration)
        let now = context.timing.now()
        let (info, histories, favorites) = try await context.store.read { transaction in
            (
                try SchemeCatalog.info(in: transaction), try HistoryCache.summaries(in: transaction),
                try transaction.count(.prefix(FavoritesStore.prefix))
            )
        }
        let status = Status(
            list: info.map {
                ListStatus(
                    schemes: $0.value.count, skippedRows: $0.value.skippedRows, fetchedAt: $0.storedAt,
                    expiresAt: $0.expiresAt, stale: $0.isStale(at: now))
            },
            histories: histories.map {
                HistoryStatus(
                    code: $0.code, name: $0.name, points: $0.points, latestNAVDate: $0.latestNAVDate?.iso8601,
                    fetchedAt: $0.storedAt, expiresAt: $0.expiresAt, stale: $0.expiresAt.map { now >= $0 } ?? false,
                    bytes: $0.bytes)
            },
            favorites: favorites, listTTLSeconds: Int(settings.listTTL.components.seconds),
            historyTTLSeconds: Int(settings.historyTTL.components.seconds))
        switch formatting.format {
        case .json:
            try formatting.emit(try JSONOutput.string(status), to: context.terminal)
        case .csv:
            try formatting.emit(
                try CSVOutput.rows(status.histories, columns: HistoryStatus.columns), to: context.terminal)
        case .table:
            try formatting.emit(text(status, now: now, context: context), to: context.terminal)
        }
    }

    private func text(_ status: Status, now: Date, context: FeatureContext) -> String {
        var lines: [String] = []
        if let list = status.list {
            var line = "Scheme list: \(list.schemes) schemes"
            if list.skippedRows > 0 { line += " (\(list.skippedRows) malformed rows skipped)" }
            line += ", fetched \(FundsFormat.asOf(list.fetchedAt, now: now)), " + freshness(list.expiresAt, now: now)
            lines.append(line)
        } else {
            lines.append("Scheme list: not cached")
        }
        lines.append(
            "NAV histories: \(status.histories.count) cached. Favorites: \(status.favorites) (never cleared).")
        if !status.histories.isEmpty {
            lines.append("")
            let table = TextTable(
                columns: [
                    .number("CODE"), .text("NAME", truncatable: true), .number("POINTS"), .text("LATEST NAV"),
                    .text("STATUS"),
                ],
                rows: status.histories.map {
                    [
                        TextTable.Cell(String($0.code)), TextTable.Cell($0.name), TextTable.Cell(String($0.points)),
                        TextTable.Cell($0.latestNAVDate ?? "—"), TextTable.Cell(freshness($0.expiresAt, now: now)),
                    ]
                })
            lines.append(table.render(style: context.style, maxWidth: context.terminal.width))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func freshness(_ expiresAt: Date?, now: Date) -> String {
        guard let expiresAt else { return "fresh" }
        let seconds = Int(expiresAt.timeIntervalSince(now))
        return seconds > 0
            ? "fresh for \(DurationFormat.short(seconds: seconds))"
            : "stale (expired \(DurationFormat.short(seconds: -seconds)) ago)"
    }
}

/// `folio funds cache clear`.
struct CacheClear: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Remove the cached scheme list and NAV histories (favorites are kept).",
        discussion: """
            Asks for confirmation on a terminal; elsewhere --yes is required (without it: exit 1, nothing cleared).

            Examples:
              folio funds cache clear
              folio funds cache clear --yes
            """
    )

    @Flag(help: "Clear without asking.")
    var yes = false

    func run(in context: FeatureContext) async throws {
        let confirmed = try Confirmation.ask(
            "Clear the cached scheme list and NAV histories?", action: "clearing the cache", yes: yes,
            terminal: context.terminal)
        guard confirmed else {
            // Declining is a choice, not a failure: nothing was asked of folio but to leave the cache alone.
            context.terminal.printError("Nothing was cleared.")
            return
        }
        let (schemes, histories) = try await context.store.write { transaction in
            (try SchemeCatalog.clear(in: transaction), try HistoryCache.clear(in: transaction))
        }
        context.terminal.print(
            "Cleared \(schemes) cached schemes and \(histories) NAV histor\(histories == 1 ? "y" : "ies"); favorites kept."
        )
    }
}
