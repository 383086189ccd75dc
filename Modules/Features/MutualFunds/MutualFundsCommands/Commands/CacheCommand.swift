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
        abstract: "Show or clear the cached scheme list, AMFI's NAV file and NAV histories.",
        discussion: """
            The scheme list stays fresh for FOLIO_FUNDS_LIST_TTL (default 1h), AMFI's NAV file and each history \
            for FOLIO_FUNDS_HISTORY_TTL (default 30m). Expired data is kept and used, marked stale, when the MF API \
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

    func run(in context: FeatureContext) async throws {
        let status = try await FundsServices(context: context).service().cacheStatus()
        let now = context.timing.now()
        try formatting.render(
            status, to: context.terminal,
            csv: { try CSVOutput.rows(status.histories, columns: CacheReport.HistoryStatus.columns) },
            table: { text(status, now: now, context: context) })
    }

    private func text(_ status: CacheReport, now: Date, context: FeatureContext) -> String {
        var lines: [String] = []
        if let list = status.list {
            var line = "Scheme list: \(list.schemes) schemes"
            if list.skippedRows > 0 { line += " (\(list.skippedRows) malformed rows skipped)" }
            line += ", fetched \(FundsFormat.asOf(list.fetchedAt, now: now)), " + freshness(list.expiresAt, now: now)
            lines.append(line)
        } else {
            lines.append("Scheme list: not cached")
        }
        if let amfi = status.amfi {
            var line = "AMFI NAV file: \(amfi.schemes) schemes"
            if let date = amfi.date {
                line +=
                    " of \(date)"
                    + (amfi.ageDays.map { $0 > 0 ? " (\(FundsFormat.age(days: $0)) old)" : " (today's)" } ?? "")
            }
            if amfi.skippedRows > 0 { line += " (\(amfi.skippedRows) rows skipped)" }
            line += ", fetched \(FundsFormat.asOf(amfi.fetchedAt, now: now)), " + freshness(amfi.expiresAt, now: now)
            lines.append(line)
        } else {
            lines.append("AMFI NAV file: not cached")
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
            lines.append(table.render(style: context.style, maxWidth: formatting.tableWidth(on: context.terminal)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func freshness(_ expiresAt: Date?, now: Date) -> String { CacheReport.freshness(expiresAt, now: now) }
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
        let cleared = try await FundsServices(context: context).service().clearCache()
        let (schemes, histories) = (cleared.schemes, cleared.histories)
        context.terminal.print(
            "Cleared \(schemes) cached schemes and \(histories) NAV histor\(histories == 1 ? "y" : "ies"); favorites kept."
        )
    }
}
