import Caching
import FeatureKit
import Racing

/// What is coming up in racing, for the host's overview: the next races of every code, from a board saved less than
/// the freshness ago when there is one (as pages read it), soonest first.
enum RacingAgenda {
    static let read: AgendaReader = { context, limit in
        let report = try await RacingServices(context: context).nextToGo().nextRaces(
            BoardRequest(count: max(1, min(limit, BoardRequest.maximumCount))),
            mode: context.offline ? .offline : .normal)
        return report.races.map { race in
            AgendaItem(
                featureID: context.featureID, title: race.title,
                detail: [race.raceName, race.category].filter { !$0.isEmpty }.joined(separator: " · "),
                startsAt: race.advertisedStart, link: "/races")
        }
    }
}
