import Foundation
import NetworkingTesting
import Racing
import Testing

@Suite("The next-to-go rules")
struct NextToGoTests {
    @Test(
        "a race is shown up to and including 60 s past its start",
        arguments: [
            (59.0, true), (60.0, true), (60.001, false), (61.0, false), (-600.0, true),
        ])
    func sixtySecondRule(secondsPastStart: TimeInterval, shown: Bool) {
        let subject = race("r", startsIn: 0)
        let now = referenceNow.addingTimeInterval(secondsPastStart)
        #expect(NextToGo.isShown(subject, at: now) == shown)
        #expect(NextToGo.board([subject], count: 5, filter: .all, at: now).isEmpty == !shown)
    }

    @Test("the board at 59, 60 and 61 s past the first race's start")
    func boundariesOnABoard() {
        let races = [race("a", startsIn: 0), race("b", startsIn: 30), race("c", startsIn: 90)]
        let at = { (seconds: TimeInterval) in
            NextToGo.board(races, count: 5, filter: .all, at: referenceNow.addingTimeInterval(seconds)).map(\.id)
        }
        #expect(at(59) == ["a", "b", "c"])
        #expect(at(60) == ["a", "b", "c"])
        #expect(at(61) == ["b", "c"])
        #expect(at(91) == ["c"])
    }

    @Test("equal start times are ordered by race id, whatever order they arrive in")
    func tieOrder() {
        let races = [
            race("c", startsIn: 60), race("b", startsIn: 60), race("z", startsIn: 10), race("a", startsIn: 60),
        ]
        let board = NextToGo.board(races, count: 4, filter: .all, at: referenceNow)
        #expect(board.map(\.id) == ["z", "a", "b", "c"])
        #expect(NextToGo.board(races.reversed(), count: 4, filter: .all, at: referenceNow).map(\.id) == board.map(\.id))
    }

    @Test("a recorded tie (two races at +487 s) is stable across both id orders the service used")
    func recordedTie() throws {
        let page = try NedsRacingClient.decode(try Fixtures.data("neds/nextraces_j-_payload-1768438793569.json"))
        let now = Date(timeIntervalSince1970: 1_768_438_793)
        let board = NextToGo.board(page.races, count: 10, filter: .all, at: now)
        let tied = board.filter { $0.advertisedStart == now.addingTimeInterval(487) }
        #expect(tied.map(\.id) == ["498d47cc-168b-40b7-8faf-d8510b5c5ef1", "4f84d879-2506-442f-8a3e-577b7e74de9f"])
        // The race 113 s past its start is still listed by the service but not shown.
        #expect(page.races.count == 10)
        #expect(board.count == 9)
        #expect(board.first?.meetingName == "Shepparton")
    }

    @Test("two captures 2 minutes apart that swapped a tie give the same board")
    func recordedSwap() throws {
        let first = try NedsRacingClient.decode(try Fixtures.data("neds/nextraces_j-_payload-1768521563983.json"))
        let second = try NedsRacingClient.decode(try Fixtures.data("neds/nextraces_j-_payload-1768521692164.json"))
        let now = Date(timeIntervalSince1970: 1_768_521_692)
        let ids = { (page: NextRacesPage) in NextToGo.board(page.races, count: 5, filter: .all, at: now).map(\.id) }
        #expect(ids(first) == ids(second))
        #expect(ids(first)[1].hasPrefix("3a7c7ce8"))
        #expect(ids(first)[2].hasPrefix("740b4da9"))
    }

    @Test("the board is the first count races")
    func countCut() {
        let races = (0..<8).map { race("r\($0)", startsIn: TimeInterval($0 * 60)) }
        #expect(
            NextToGo.board(races, count: 5, filter: .all, at: referenceNow).map(\.id) == ["r0", "r1", "r2", "r3", "r4"])
        #expect(NextToGo.board(races, count: 0, filter: .all, at: referenceNow).isEmpty)
    }

    @Test("the category filter keeps only the named codes; other catches unknown ids")
    func categoryFilter() {
        let unknown = Race(
            id: "u", name: "Race 1", number: 1, meetingName: "Somewhere", category: RaceCategory(id: "new-code"),
            advertisedStart: referenceNow.addingTimeInterval(30))
        let races = [
            race("g", startsIn: 10, category: .greyhound), race("h", startsIn: 20, category: .harness),
            race("t", startsIn: 40, category: .horse), unknown,
        ]
        let board = { (kinds: Set<RaceCategory.Kind>) in
            NextToGo.board(races, count: 5, filter: RaceFilter(categories: kinds), at: referenceNow).map(\.id)
        }
        #expect(board([]) == ["g", "h", "u", "t"])
        #expect(board([.horse, .harness]) == ["h", "t"])
        #expect(board([.other]) == ["u"])
    }

    @Test("the country filter is case-insensitive and folds the service's aliases")
    func countryFilter() {
        let races = [
            race("uk", startsIn: 10, country: "UK"), race("gbr", startsIn: 20, country: "GBR"),
            race("nz", startsIn: 30, country: "NZ"), race("none", startsIn: 40, country: nil),
            race("ire", startsIn: 50, country: "IRE"),
        ]
        let board = { (codes: [String]) in
            NextToGo.board(races, count: 9, filter: RaceFilter(countries: codes), at: referenceNow).map(\.id)
        }
        #expect(board(["gbr"]) == ["uk", "gbr"])
        #expect(board(["nz", "IRL"]) == ["nz", "ire"])
        #expect(board([]) == ["uk", "gbr", "nz", "none", "ire"])
        #expect(RaceFilter.canonicalCountry(" zaf ") == "SAF")
    }

    @Test("filters combine: code and country must both match")
    func combinedFilter() {
        let races = [
            race("a", startsIn: 10, category: .horse, country: "AUS"),
            race("b", startsIn: 20, category: .horse, country: "USA"),
            race("c", startsIn: 30, category: .greyhound, country: "AUS"),
        ]
        let filter = RaceFilter(categories: [.horse], countries: ["AUS"])
        #expect(NextToGo.board(races, count: 5, filter: filter, at: referenceNow).map(\.id) == ["a"])
    }

    @Test("countdowns round down to whole seconds and go negative once started")
    func secondsToStart() {
        let subject = race("r", startsIn: 125)
        #expect(subject.secondsToStart(at: referenceNow) == 125)
        #expect(subject.secondsToStart(at: referenceNow.addingTimeInterval(0.5)) == 124)
        #expect(subject.secondsToStart(at: referenceNow.addingTimeInterval(155)) == -30)
    }
}

@Suite("Growing the request until the board is full")
struct NextToGoLoaderTests {
    /// 40 greyhound races a minute apart, with a horse race every 10th place.
    private func pool() -> [Race] {
        (0..<40).map { index in
            race(
                String(format: "r%02d", index), startsIn: TimeInterval(index * 60),
                category: index % 10 == 9 ? .horse : .greyhound)
        }
    }

    @Test("without a filter one request of max(10, 2 × count) fills the board")
    func unfiltered() async throws {
        let source = PoolSource(pool())
        let result = try await NextToGoLoader(source: source).load(count: 5, filter: .all, now: { referenceNow })
        #expect(source.requests == [10])
        #expect(result.requests == 1)
        #expect(result.board(count: 5, filter: .all, at: referenceNow).count == 5)
        #expect(result.exhausted == false)
    }

    @Test("with a filter the request doubles until count races pass")
    func growsForFilter() async throws {
        let source = PoolSource(pool())
        let filter = RaceFilter(categories: [.horse])
        let result = try await NextToGoLoader(source: source).load(count: 3, filter: filter, now: { referenceNow })
        #expect(source.requests == [20, 40])
        #expect(result.board(count: 3, filter: filter, at: referenceNow).map(\.id) == ["r09", "r19", "r29"])
        #expect(result.requestedCount == 40)
    }

    @Test("growing stops when the service has no more races")
    func stopsWhenExhausted() async throws {
        let source = PoolSource(pool())
        let filter = RaceFilter(categories: [.horse])
        let result = try await NextToGoLoader(source: source).load(count: 5, filter: filter, now: { referenceNow })
        #expect(source.requests == [20, 40, 80])
        #expect(result.exhausted)
        #expect(result.board(count: 5, filter: filter, at: referenceNow).count == 4)
    }

    @Test("growing is bounded by the maximum request")
    func bounded() async throws {
        let big = (0..<500).map { race(String(format: "r%03d", $0), startsIn: TimeInterval($0), category: .greyhound) }
        let source = PoolSource(big)
        let filter = RaceFilter(categories: [.harness])
        let result = try await NextToGoLoader(source: source, growth: RequestGrowth(maximum: 100))
            .load(count: 5, filter: filter, now: { referenceNow })
        #expect(source.requests == [20, 40, 80, 100])
        #expect(result.exhausted == false)
        #expect(result.board(count: 5, filter: filter, at: referenceNow).isEmpty)
    }

    @Test("expired races that the service still lists make the loader ask for more")
    func expiredRacesCountAgainstTheBoard() async throws {
        let stale = (0..<10).map { race("old\($0)", startsIn: -100 - TimeInterval($0)) }
        let fresh = (0..<10).map { race("new\($0)", startsIn: 60 + TimeInterval($0)) }
        let source = PoolSource(stale + fresh)
        let result = try await NextToGoLoader(source: source).load(count: 5, filter: .all, now: { referenceNow })
        #expect(source.requests == [10, 20])
        #expect(
            result.board(count: 5, filter: .all, at: referenceNow).map(\.id) == [
                "new0", "new1", "new2", "new3", "new4",
            ])
    }

    @Test("a known-good request size is tried first")
    func startingHint() async throws {
        let source = PoolSource(pool())
        let filter = RaceFilter(categories: [.horse])
        _ = try await NextToGoLoader(source: source).load(
            count: 3, filter: filter, now: { referenceNow }, startingAt: 40)
        #expect(source.requests == [40])
    }

    @Test("the first request sizes follow the documented formula")
    func initialSizes() {
        let growth = RequestGrowth()
        #expect(growth.initial(count: 5, filter: .all) == 10)
        #expect(growth.initial(count: 8, filter: .all) == 16)
        #expect(growth.initial(count: 5, filter: RaceFilter(countries: ["AUS"])) == 20)
        #expect(growth.initial(count: 10, filter: RaceFilter(categories: [.horse])) == 40)
        #expect(growth.next(after: 160, count: 5) == 200)
        #expect(growth.next(after: 200, count: 5) == nil)
    }
}
