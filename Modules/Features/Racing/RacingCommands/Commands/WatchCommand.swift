import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Racing
import Settings
import Timing

/// `folio races watch`: the board kept live.
struct WatchCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep the next-to-go board on screen, counting down live.",
        discussion: """
            The board follows the rules of `races next` (now ≤ advertised start + 60 s, ordered by start then race id) and is redrawn every second from one shared ticker.

            When a shown race passes start + 60 s it leaves the board, which refills at once from the races already fetched and with one new request (at most one per 10 s, however many races expire together). The board is also refreshed every --refresh (default 30s, or races.refresh in config.json; never less than 10s).

            If a request fails the last board stays on screen marked "reconnecting…", and folio retries after 2s, 4s, 8s … up to 30s (each ±20 %).

            Keys: q quits, as does Ctrl-C; the terminal is restored.

            Without a terminal (a pipe or a log), or with --plain, it prints one line per change instead: a race added (+), removed (-) or rescheduled (~), the connection lost (!) or back (✓). --plain writes these as sentences; --format json writes each change as one JSON object per line.

            Examples:
              folio races watch --category greyhound --count 8
              folio races watch --country AUS --format json >> races.log
            """)

    /// How changes are written without a live screen.
    enum LineFormat: String, ExpressibleByArgument, CaseIterable {
        case table
        case json
    }

    @OptionGroup var board: BoardOptions

    @Option(help: ArgumentHelp("How often to refresh the board (at least 10s).", valueName: "duration"))
    var refresh: String?

    @Option(
        help: "table: the live screen, or one line per change without a terminal; json: one JSON object per change.")
    var format: LineFormat = .table

    @Option(help: .hidden)
    var maxUpdates: Int?

    func validate() throws {
        if let maxUpdates, maxUpdates < 1 {
            throw ValidationError("--max-updates must be at least 1.")
        }
        if let refresh, Configuration.parseDuration(refresh) == nil {
            throw ValidationError("--refresh takes a duration such as 30s or 1m, not \"\(refresh)\".")
        }
        if board.plain, format == .json {
            throw ValidationError("--plain writes sentences; it cannot be combined with --format json.")
        }
    }

    func run(in context: FeatureContext) async throws {
        guard !context.offline else {
            throw FolioError(
                .usage, "races watch needs the network", why: "--offline was given",
                hint: "folio races next --offline shows the saved board")
        }
        let interval = try refreshInterval(in: context)
        let service = try RacingServices(context: context).nextToGo(refresh: interval)
        let liveBoard = service.liveBoard(
            try board.request(), ticker: context.ticker,
            describe: { error in
                let failure = FolioError.from(error)
                return failure.why.map { "\(failure.what) — \($0)" } ?? failure.what
            })
        let budget = UpdateBudget(maxUpdates)
        let terminal = context.terminal
        if terminal.isInteractive, !board.plain, format == .table {
            let screen = WatchScreen(count: board.count, refresh: interval, style: context.style, width: terminal.width)
            try await LiveScreen.run(on: terminal) { live in
                await Self.untilQuit(terminal: terminal, handleInterrupt: false) {
                    await liveBoard.run { state in
                        live.draw(screen.lines(for: state))
                        return budget.spend()
                    }
                }
            }
        } else {
            let log = ChangeLog(style: format == .json ? .json : board.plain ? .plain : .text, count: board.count)
            await Self.untilQuit(terminal: terminal, handleInterrupt: true) {
                await liveBoard.run { state in
                    let lines = log.lines(for: state)
                    guard !lines.isEmpty else { return true }
                    terminal.write(lines.joined(separator: "\n") + "\n")
                    return budget.spend()
                }
            }
        }
    }

    /// `--refresh`, else `races.refresh`, else 30 s.
    /// - Throws: ``FolioError`` (usage) for a duration under 10 s.
    func refreshInterval(in context: FeatureContext) throws -> Duration {
        let interval =
            try refresh.flatMap(Configuration.parseDuration)
            ?? context.configuration.duration(RacingSettings.refreshKey) ?? RefreshScheduler.Settings.defaultInterval
        guard interval >= RefreshScheduler.Settings.minimumInterval else {
            // Name the setting the value came from, so a config.json value is not blamed on the flag.
            let source =
                refresh != nil
                ? ConfigurationSource.flag("--refresh") : context.configuration.source(of: RacingSettings.refreshKey)
            throw FolioError(
                .usage, "a refresh every \(DurationFormat.short(interval)) (from \(source.setting)) is too often",
                why:
                    "the board refreshes at most every \(DurationFormat.short(RefreshScheduler.Settings.minimumInterval))",
                hint: "set \(source.setting) to 10s or more")
        }
        return interval
    }

    /// Runs `body` until it ends, `q` is pressed (when input is a terminal), or — with `handleInterrupt` —
    /// Ctrl-C or SIGTERM arrives, which stops it within half a second even mid-request; then cancels the rest.
    private static func untilQuit(
        terminal: any Terminal, handleInterrupt: Bool, _ body: @escaping @Sendable () async -> Void
    ) async {
        let keys = terminal.keyPresses()
        let watch: @Sendable () async -> Void = {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await body() }
                if let keys {
                    group.addTask {
                        for await key in keys where Self.quitKeys.contains(key) { return }
                        // Input closed without a quit key: keep watching until something else ends it.
                        await Task.cancellationWait()
                    }
                }
                await group.next()
                group.cancelAll()
            }
        }
        if handleInterrupt {
            await InterruptSignal.run(watch)
        } else {
            await watch()
        }
    }

    /// `q`, `Q`, and Ctrl-C / Ctrl-D as raw bytes (raw mode may deliver them as input).
    private static let quitKeys: Set<UInt8> = [0x71, 0x51, 0x03, 0x04]
}

extension Task where Success == Never, Failure == Never {
    /// Suspends until the current task is cancelled.
    static func cancellationWait() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        await withTaskCancellationHandler {
            for await _ in stream {}
        } onCancel: {
            continuation.finish()
        }
    }
}
