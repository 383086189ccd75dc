import Foundation
import Racing
import Synchronization
import Timing
import TimingTesting

/// A wall clock that moves with a manual clock: `origin` plus the time the test advanced, so ticks and
/// "now" stay in step.
struct ManualWallClock: WallClock {
    let origin: Date
    let clock: ManualClock

    func now() -> Date {
        let (seconds, attoseconds) = clock.now.offset.components
        return origin.addingTimeInterval(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18)
    }
}

/// A fixed instant for synthetic boards.
let referenceNow = Date(timeIntervalSince1970: 1_768_438_793)

/// A race starting `offset` seconds after `referenceNow`.
func race(
    _ id: String, startsIn offset: TimeInterval, category: RaceCategory.Kind = .greyhound, country: String? = "AUS",
    number: Int = 1, meeting: String = "Meeting"
) -> Race {
    Race(
        id: id, name: "Race \(number)", number: number, meetingName: meeting, category: RaceCategory(kind: category),
        advertisedStart: referenceNow.addingTimeInterval(offset), venueCountry: country)
}

/// A race source that answers from a pool the way the service does: the first `count` races of the pool
/// in start order (expired ones included); records every request and can be told to fail.
final class PoolSource: NextRacesSource {
    private struct State {
        var pool: [Race]
        var requests: [Int] = []
        var failure: (any Error)?
    }

    private let state: Mutex<State>

    init(_ pool: [Race]) { state = Mutex(State(pool: pool.sorted(by: NextToGo.startsBefore))) }

    /// The `count` of every request so far.
    var requests: [Int] { state.withLock { $0.requests } }

    /// Makes every later request fail with `error` (nil to recover).
    func fail(with error: (any Error)?) { state.withLock { $0.failure = error } }

    /// Replaces the pool.
    func setPool(_ pool: [Race]) { state.withLock { $0.pool = pool.sorted(by: NextToGo.startsBefore) } }

    func nextRaces(count: Int) async throws -> NextRacesPage {
        let (races, failure) = state.withLock { state -> ([Race], (any Error)?) in
            state.requests.append(count)
            return (Array(state.pool.prefix(count)), state.failure)
        }
        if let failure { throw failure }
        return NextRacesPage(races: races)
    }
}

struct SimulatedOutage: Error, CustomStringConvertible {
    var description: String { "connection refused" }
}
