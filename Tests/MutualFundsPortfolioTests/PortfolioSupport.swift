import Foundation
import Money
import MutualFunds
import MutualFundsPortfolio
import Networking
import NetworkingTesting
import Persistence
import PersistenceTesting
import Timing
import TimingTesting

/// A funds service over an in-memory store and an MF API that answers with the given histories.
struct PortfolioApp {
    static let now = Date(timeIntervalSince1970: 1_788_000_000)
    let store: any KeyValueStore
    let http: StubHTTPClient
    /// The clock's time: ``now`` unless a test needs another day.
    let clock: Date

    /// `answers` maps a path (`/mf/122639`, `/spages/NAVAll.txt` for AMFI's file) to its body.
    init(answers: [String: Data] = [:], now: Date = PortfolioApp.now) {
        clock = now
        store = InMemoryDatabase(now: { now }).store(namespace: "funds")
        http = StubHTTPClient { request in
            guard let body = answers[request.url.path] else {
                return HTTPResponse(status: 404, body: Data(), url: request.url)
            }
            return HTTPResponse(status: 200, body: body, url: request.url)
        }
    }

    var service: PortfolioService { PortfolioService(funds: funds) }

    /// The funds service under ``service``: the same store, answers and clock.
    var funds: FundsService {
        FundsService(
            http: http, store: store, timing: .test(now: clock),
            settings: FundsSettings(baseURL: URL(string: "http://mfapi.test")!))
    }

    /// An MF API history body for `code` from `(YYYY-MM-DD, NAV)` pairs.
    static func historyBody(
        code: Int, name: String, category: String = "Equity Scheme - Flexi Cap Fund",
        house: String = "Test Mutual Fund", isin: String? = nil, points: [(String, String)]
    ) -> Data {
        let data = points.map { date, nav -> [String: String] in
            let parts = date.split(separator: "-")
            return ["date": "\(parts[2])-\(parts[1])-\(parts[0])", "nav": nav]
        }
        let body: [String: Any] = [
            "meta": [
                "fund_house": house, "scheme_type": "Open Ended Schemes", "scheme_category": category,
                "scheme_code": code, "scheme_name": name, "isin_growth": isin as Any? ?? NSNull(),
                "isin_div_reinvestment": NSNull(),
            ],
            "data": data, "status": "SUCCESS",
        ]
        return try! JSONSerialization.data(withJSONObject: body)
    }
}
