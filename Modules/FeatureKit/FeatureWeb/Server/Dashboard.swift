import Caching
import Failures
import FeatureKit
import Hummingbird
import Overview
import Timing

/// `/`: one card per feature that has something to show, gathered concurrently. A card that does not
/// answer within ``patience`` (a service down, retrying) is left out with a note, so one slow upstream never
/// holds up the page.
enum Dashboard {
    static let patience: Duration = .seconds(3)

    /// What reaches the page first: a feature's card (nil when it has nothing to show) or the page's deadline.
    private enum Arrival: Sendable {
        case card(index: Int, HTML?)
        case deadline
    }

    /// Every card that answers within `limit` of the page's start, in the features' order, with a note for each that
    /// did not (its work is then cancelled). One deadline for the page, not one per card: each waiting timer stays
    /// with the clock until it is due, and four per view were thousands pending under load.
    static func cards(
        _ features: [WebFeature], limit: Duration, clock: any Clock<Duration>,
        card: @escaping @Sendable (WebFeature) async -> HTML?
    ) async -> [HTML] {
        await withTaskGroup(of: Arrival.self) { group in
            var waiting: [Int: String] = [:]
            for (index, feature) in features.enumerated() where feature.dashboard != nil {
                waiting[index] = feature.navigation.title
                group.addTask { .card(index: index, await card(feature)) }
            }
            guard !waiting.isEmpty else { return [] }
            group.addTask {
                try? await clock.sleep(for: limit)
                return .deadline
            }
            var shown: [(index: Int, html: HTML)] = []
            while !waiting.isEmpty, let arrival = await group.next() {
                switch arrival {
                case .card(let index, let html):
                    waiting[index] = nil
                    if let html { shown.append((index, html)) }
                case .deadline:
                    for (index, title) in waiting {
                        shown.append(
                            (
                                index,
                                Components.notice(
                                    "\(title): no answer within \(DurationFormat.short(limit)).", kind: "warning")
                            ))
                    }
                    waiting = [:]
                }
            }
            group.cancelAll()
            return shown.sorted { $0.index < $1.index }.map(\.html)
        }
    }

    static func page(
        features: [WebFeature], environment: WebEnvironment, request: Request, context: WebRequestContext
    ) async -> Response {
        var overview: HTML = .empty
        if let service = environment.overview {
            do {
                let report = try await service.overview(range: try OverviewWeb.range(request))
                overview = OverviewPage.render(report, csrf: context.csrfToken, charts: environment.charts)
            } catch {
                overview = Components.notice(
                    "The overview cannot be shown: \(PageWords.line(FolioError.from(error)))", kind: "error")
            }
        }
        let clock = environment.pagePolicy.clock ?? environment.timing.clock
        let cards = await cards(features, limit: Dashboard.patience, clock: clock) { feature in
            await feature.dashboard?(environment.scoped(to: feature.id), context)?.html
        }
        let content: HTML =
            cards.isEmpty
            ? overview
                + (environment.overview == nil ? Components.notice("No feature has anything to show yet.") : .empty)
            : overview
                + "<h2>Features</h2><p id=\"announcer\" class=\"visually-hidden\" aria-live=\"polite\"></p><div class=\"cards\">\(cards)</div>"
        return environment.page(
            "Dashboard", request: request, context: context,
            scripts: environment.overview == nil ? [] : [WebChart.scriptPath],
            content: content)
    }
}
