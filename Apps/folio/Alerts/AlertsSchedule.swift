import Alerting
import Failures
import FeatureCLI
import FeatureKit
import ServiceLifecycle
import Timing

/// Checks each kind at its own rate on the shared ticker: what `folio alerts watch` and `folio serve` run.
enum AlertsSchedule {
    /// Runs until the ticker's subscription ends or the task is cancelled; each check's outcome goes to `report`.
    static func run(
        engine: AlertEngine, kinds: [AlertKind], ticker: Ticker,
        report: (Result<AlertCheckReport, FolioError>) -> Void
    ) async {
        var lastRun: [String: Duration] = [:]
        let ticks = await ticker.subscribe()
        for await tick in ticks {
            let due = Set(kinds.filter { kind in lastRun[kind.name].map { tick.scheduled - $0 >= kind.interval } ?? true }.map(\.name))
            guard !due.isEmpty, !Task.isCancelled else { continue }
            for name in due { lastRun[name] = tick.scheduled }
            do {
                report(.success(try await engine.check { _, kind in due.contains(kind.name) }))
            } catch {
                report(.failure(FolioError.from(error)))
            }
        }
    }
}

/// `folio serve`'s background alerts: every kind checked at its rate, firings sent to the configured webhook
/// and to `feed` (the pages' event stream), stopped with the server.
struct ServedAlerts: Service {
    let alerts: AlertsHost
    let ticker: Ticker
    let feed: AlertFeed

    func run() async throws {
        // Firings and warnings go to stderr: stdout carries the server's address lines alone.
        let terminal = alerts.host.terminal
        // A bad webhook setting must not take the pages down: the alerts still fire, on the terminal.
        let webhook: Webhook?
        do {
            webhook = try alerts.webhook(notify: nil)
        } catch {
            terminal.warn("alerts are not sent to a webhook: \(FolioError.from(error).line)")
            webhook = nil
        }
        let engine = alerts.engine(webhook: webhook)
        let kinds = AlertsHost.contributions(alerts.host.registry).map(\.contribution.kind)
        let feed = feed
        await cancelWhenGracefulShutdown {
            var reported: Set<String> = []
            await AlertsSchedule.run(engine: engine, kinds: kinds, ticker: ticker) { outcome in
                switch outcome {
                case .success(let report):
                    for firing in report.fired { terminal.printError(AlertsOutput.line(firing)) }
                    if !report.fired.isEmpty { Task { await feed.publish(report.fired) } }
                    for line in AlertsOutput.warnings(report) where reported.insert(line).inserted { terminal.warn(line) }
                case .failure(let error):
                    terminal.warn("alerts: \(error.line)")
                }
            }
        }
    }
}
