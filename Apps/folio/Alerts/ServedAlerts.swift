import AlertRules
import Alerting
import Failures
import FeatureCLI
import FeatureKit
import FeatureWeb
import ServiceLifecycle
import Timing

/// `folio serve`'s background alerts: every kind checked at the rate of its feature's settings (the schedule
/// `folio alerts watch` runs), firings sent to the configured webhook and to `feed` (the pages' event stream),
/// stopped with the server.
struct ServedAlerts: Service {
    let alerts: AlertsHost
    let ticker: Ticker
    let feed: AlertFeed
    let newAlerts: NewAlerts
    /// The address the server listens on, once it listens (with the port it was given for `--port 0`), which a
    /// webhook's links point at unless `web.publicURL` is set.
    let served: AsyncStream<String>
    /// Where each delivery attempt is counted.
    let metrics: ServerMetrics?

    func run() async throws {
        var address: String?
        for await bound in served {
            address = bound
            break
        }
        // Stopped before the server listened: nothing to check.
        guard let served = address else { return }
        // Firings and warnings go to stderr: stdout carries the server's address lines alone.
        let terminal = alerts.host.terminal
        // A bad webhook setting must not take the pages down: the alerts still fire, on the terminal.
        let webhook: Webhook?
        do {
            webhook = try alerts.webhook(notify: nil, served: served)
        } catch {
            terminal.warn("alerts are not sent to a webhook: \(FolioError.from(error).line)")
            webhook = nil
        }
        let engine = alerts.engine(webhook: webhook)
        let feed = feed
        let newAlerts = newAlerts
        await cancelWhenGracefulShutdown {
            var reported: Set<String> = []
            var failedBefore: Set<String> = []
            // Firings are shown as soon as they are stored, before the webhook is sent them.
            let shown: ([Firing]) -> Void = { fired in
                for firing in fired { terminal.printError(AlertsOutput.line(firing)) }
                Task { await feed.publish(fired) }
            }
            await AlertSchedule.run(engine: engine, ticker: ticker, newAlerts: newAlerts, fired: shown) { outcome in
                switch outcome {
                case .success(let report):
                    for key in report.delivered {
                        metrics?.alertDelivery(delivered: true, retry: failedBefore.remove(key) != nil)
                    }
                    for entry in report.undelivered {
                        metrics?.alertDelivery(delivered: false, retry: !failedBefore.insert(entry.key).inserted)
                    }
                    for line in AlertsOutput.warnings(report) where reported.insert(line).inserted {
                        terminal.warn(line)
                    }
                case .failure(let error):
                    terminal.warn("alerts: \(error.line)")
                }
                return true
            }
        }
    }
}
