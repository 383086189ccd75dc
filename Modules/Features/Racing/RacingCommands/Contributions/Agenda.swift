import Caching
import FeatureKit
import Persistence
import Racing

/// What is coming up in racing, for the host's overview: the next races of every code, from a board saved less than
/// the freshness ago when there is one (as pages read it), soonest first.
enum RacingAgenda {
    /// The saved board decoded once while its bytes stay the same: a server reads the agenda on every view of `/`,
    /// and decoding the board was a tenth of a view.
    static let decoded = DecodedRecords(capacity: 4)

    static let read: AgendaReader = { context, limit in
        let report = try await RacingServices(context: context).nextToGo(decoded: decoded).nextRaces(
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
