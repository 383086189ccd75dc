import Hummingbird
import Timing

/// `/`: one card per feature that has something to show, gathered concurrently. A card that does not
/// answer within ``patience`` (a service down, retrying) is left out with a note, so one slow upstream never
/// holds up the page.
enum Dashboard {
    static let patience: Duration = .seconds(3)

    /// The card, or nil when `clock` reaches `limit` first (the card's work is then cancelled).
    static func within(
        _ limit: Duration, clock: any Clock<Duration>, _ card: @escaping @Sendable () async -> HTML?
    ) async -> HTML?? {
        await withTaskGroup(of: HTML??.self) { group in
            group.addTask { .some(await card()) }
            group.addTask {
                try? await clock.sleep(for: limit)
                return .none
            }
            let first = await group.next() ?? .none
            group.cancelAll()
            return first
        }
    }

    static func page(
        features: [WebFeature], environment: WebEnvironment, request: Request, context: WebRequestContext
    ) async -> Response {
        let cards = await withTaskGroup(of: (Int, HTML?).self) { group in
            for (index, feature) in features.enumerated() {
                guard let card = feature.dashboard else { continue }
                group.addTask {
                    (index, await within(Dashboard.patience, clock: environment.timing.clock) { await card(environment, context) }
                        ?? Components.notice("\(feature.navigation.title): no answer within \(DurationFormat.short(Dashboard.patience)).", kind: "warning"))
                }
            }
            var cards: [(Int, HTML)] = []
            for await (index, card) in group { if let card { cards.append((index, card)) } }
            return cards.sorted { $0.0 < $1.0 }.map(\.1)
        }
        let content: HTML =
            cards.isEmpty
            ? Components.notice("No feature has anything to show yet.")
            : "<p id=\"announcer\" class=\"visually-hidden\" aria-live=\"polite\"></p><div class=\"cards\">\(cards)</div>"
        return environment.page("Dashboard", request: request, context: context, content: content)
    }
}
