import Caching
import Failures
import Foundation
import Money
import MutualFunds
import Networking
import NetworkingTesting
import Persistence
import PersistenceTesting
import Synchronization
import Testing
import Timing
import TimingTesting

/// The use cases as a reusing app runs them: the domain and the kernels only (no FeatureKit, no terminal).
private struct App {
    static let now = Date(timeIntervalSince1970: 1_788_000_000)
    let store = InMemoryDatabase(now: { App.now }).store(namespace: "funds")
    let http: StubHTTPClient
    let diagnostics = Diagnostics()

    final class Diagnostics: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func record(_ line: String) { lines.withLock { $0.append(line) } }
    }

    init(failing: Bool = false) throws {
        let answers = [
            "/mf": try Fixtures.data("mfapi/list_sample_first50.json"),
            "/mf/122639": try Fixtures.data("mfapi/scheme_122639_history_full_3266pts.json"),
            "/mf/120505": try Fixtures.data("mfapi/scheme_120505_axis_midcap_direct_100pts.json"),
        ]
        http = StubHTTPClient { request in
            if failing {
                throw NetworkError.status(
                    code: 500, url: request.url, body: "{\"error\":\"internal\"}", retryAfter: nil)
            }
            guard let body = answers[request.url.path] else {
                return Networking.HTTPResponse(status: 404, body: Data(), url: request.url)
            }
            return Networking.HTTPResponse(status: 200, body: body, url: request.url)
        }
    }

    var service: FundsService {
        let diagnostics = diagnostics
        return FundsService(
            http: http, store: store, timing: .test(now: App.now),
            settings: FundsSettings(baseURL: URL(string: "http://mfapi.test")!, riskFreeRate: 0.05),
            diagnostics: { diagnostics.record($0) })
    }
}

@Suite("FundsService: every use case from the domain alone")
struct FundsServiceTests {
    @Test("report, search, compare, SIP and favourites run with only the domain and the kernels")
    func useCases() async throws {
        let app = try App()
        let service = app.service
        let report = try await service.report(code: 122639, range: .threeYears)
        #expect(report.name == "Parag Parikh Flexi Cap Fund - Direct Plan - Growth")
        #expect(report.nav == Amount("90.5289")!)
        #expect(report.range == "3Y" && report.riskFreeRate == 0.05)
        #expect(report.stale == false && report.staleReason == nil)
        let again = try await service.report(code: 122639, range: .threeYears)
        #expect(again == report, "the second report comes from the cache and says the same")
        #expect(app.http.requests.count == 1)

        let search = try await service.search(SchemeQuery(terms: ["aditya"], option: .idcw))
        #expect(!search.rows.isEmpty && search.rows.allSatisfy { $0.option == .idcw })
        #expect(search.listCount == 50)

        let compared = try await service.compare(codes: [122639, 120505, 122639], range: .oneYear)
        #expect(compared.rows.map(\.code) == [122639, 120505], "each code once, in the order given")

        let plan = SIPPlan(
            amount: try SIPPlan.amount(parsing: "₹5,000"), day: 1, from: CalendarDate(iso8601: "2020-01-01")!)
        let sip = try await service.sip(code: 122639, plan: plan).report
        #expect(sip.installmentCount > 0 && sip.amount == Amount(5000))

        #expect(try await service.addFavorite(code: 122639).changed)
        #expect(try await service.addFavorite(code: 122639).changed == false)
        #expect(try await service.isFavorite(code: 122639))
        #expect(try await service.favorites().map(\.code) == [122639])
        _ = try await service.removeFavorite(code: 122639)
        #expect(try await service.favorites().isEmpty)
    }

    @Test("refusals are typed, blame their input and are said without flag names")
    func refusals() async throws {
        let service = try App().service
        let missing = await #expect(throws: FolioError.self) { try await service.report(code: 999999) }
        #expect(missing?.kind == .notFound && missing?.field == "code")
        #expect(missing?.what == "no such scheme 999999")
        let amount = #expect(throws: FolioError.self) { try SIPPlan.amount(parsing: "-5") }
        #expect(amount?.field == "amount" && amount?.kind == .invalid)
        let early = SIPPlan(amount: Amount(100), day: 1, from: CalendarDate(iso8601: "1990-01-01")!)
        let tooEarly = await #expect(throws: FolioError.self) { try await service.sip(code: 122639, plan: early) }
        #expect(tooEarly?.field == "from" && tooEarly?.hint == "start on 2013-05-28 or later")
        let range = #expect(throws: FolioError.self) {
            try Choices.parse("7Y", as: HistoryRange.self, field: "range", what: "range")
        }
        #expect(range?.field == "range" && range?.why == "the accepted values are 1M, 6M, 1Y, 3Y, 5Y, MAX")
        let notFavourite = await #expect(throws: FolioError.self) { try await service.removeFavorite(code: 122639) }
        #expect(notFavourite?.kind == .notFound)
        for error in [missing, amount, tooEarly, range, notFavourite] {
            #expect(error?.line.contains("--") == false, "no flag names: \(error?.line ?? "")")
        }
    }

    @Test("an upstream failure is said in the user's words; its URL and body go only to the diagnostics")
    func upstreamWords() async throws {
        let app = try App(failing: true)
        let error = await #expect(throws: FolioError.self) { try await app.service.report(code: 122639) }
        #expect(error?.kind == .unavailable)
        #expect(error?.line.contains("http://") == false && error?.line.contains("internal") == false)
        #expect(error?.line.contains("the MF API failed (HTTP 500)") == true)
        #expect(app.diagnostics.all.contains { $0.contains("http://mfapi.test/mf/122639") && $0.contains("internal") })
    }

    @Test("a history is stored as a plain JSON record; one stored in the old packed binary form is a cache miss")
    func plainStoredHistory() async throws {
        let app = try App()
        _ = try await app.service.report(code: 122639)
        let raw = try #require(try await app.store.read { try $0.get(HistoryCache.key(code: 122639)) })
        let object = try #require(try JSONSerialization.jsonObject(with: raw.value) as? [String: Any])
        #expect((object["days"] as? [Int])?.count == 3266, "dates are plain numbers")
        #expect((object["units"] as? [Int])?.count == 3266, "NAVs are plain integers of 10^-scale rupees")
        #expect(object["scale"] as? Int == 5)

        let packed = Data(
            #"{"code":122639,"meta":{"scheme_code":122639},"days":"AAAA","units":"AAAAAAAAAAA=","scale":5,"skippedRows":0}"#
                .utf8)
        try await app.store.write { try $0.put(HistoryCache.key(code: 122639), value: packed) }
        #expect(try await app.store.read { try HistoryCache.entry(code: 122639, in: $0) } == nil)
        _ = try await app.service.report(code: 122639)
        #expect(app.http.requests.count == 2, "the old record was fetched again")
    }
}
