import Hummingbird

/// `/`: one card per feature that has something to show, gathered concurrently.
enum Dashboard {
    static func page(
        features: [WebFeature], environment: WebEnvironment, request: Request, context: WebRequestContext
    ) async -> Response {
        let cards = await withTaskGroup(of: (Int, HTML?).self) { group in
            for (index, feature) in features.enumerated() {
                guard let card = feature.dashboard else { continue }
                group.addTask { (index, await card(environment, context)) }
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
