import Foundation
import Networking
import NetworkingTesting
import Synchronization
import Testing
import Timing

@Suite struct ConcurrencyLimitTests {
    @Test func boundsRequestsInFlightPerHost() async throws {
        let gauge = Gauge()
        let stub = StubHTTPClient { request in
            let host = request.url.host ?? ""
            gauge.enter(host)
            for _ in 0..<50 { await Task.yield() }
            gauge.leave(host)
            return HTTPResponse(status: 200, url: request.url)
        }
        let client = ConcurrencyLimitedHTTPClient(base: stub, maxPerHost: 3)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let host = index.isMultiple(of: 2) ? "a.example" : "b.example"
                    _ = try await client.send(HTTPRequest(url: URL(string: "http://\(host)/\(index)")!))
                }
            }
            try await group.waitForAll()
        }
        #expect(stub.requests.count == 20)
        #expect(gauge.peak <= 6)
        #expect(gauge.peakPerHost.count == 2)
        #expect(gauge.peakPerHost.values.allSatisfy { $0 <= 3 })
    }
}

/// Tracks the most requests seen in flight at once, overall and per host.
final class Gauge: Sendable {
    private struct State {
        var current = 0
        var peak = 0
        var perHost: [String: Int] = [:]
        var peakPerHost: [String: Int] = [:]
    }
    private let state = Mutex(State())
    func enter(_ host: String) {
        state.withLock { state in
            state.current += 1
            state.peak = max(state.peak, state.current)
            state.perHost[host, default: 0] += 1
            state.peakPerHost[host] = max(state.peakPerHost[host] ?? 0, state.perHost[host]!)
        }
    }
    func leave(_ host: String) {
        state.withLock { state in
            state.current -= 1
            state.perHost[host, default: 0] -= 1
        }
    }
    var peak: Int { state.withLock { $0.peak } }
    var peakPerHost: [String: Int] { state.withLock { $0.peakPerHost } }
}

@Suite struct LenientDecodingTests {
    struct Meta: Decodable {
        let code: FlexibleInt
    }

    @Test func acceptsIntegersAsJSONNumbersOrStrings() throws {
        let decoded = try JSONDecoder().decode(
            [Meta].self, from: Data(#"[{"code":122639},{"code":"100027"}]"#.utf8))
        #expect(decoded.map(\.code.value) == [122_639, 100_027])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Meta.self, from: Data(#"{"code":"12a"}"#.utf8))
        }
    }

    struct Row: Decodable {
        let date: CalendarDate
        let extra: Extra?

        struct Extra: Decodable { let number: Int }

        enum CodingKeys: String, CodingKey { case date, extra }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            date = try container.decodeCalendarDate(forKey: .date, layout: .dayMonthYear)
            extra = container.decodeEmbeddedJSONIfPresent(Extra.self, forKey: .extra)
        }
    }

    @Test func decodesDatesInAGivenLayoutAndEmbeddedJSONLeniently() throws {
        let rows = try JSONDecoder().decode(
            [Row].self,
            from: Data(
                #"[{"date":"31-03-2024","extra":"{\"number\":4}"},{"date":"01-04-2024","extra":"{broken"}]"#.utf8))
        #expect(rows[0].date == CalendarDate(year: 2024, month: 3, day: 31))
        #expect(rows[0].extra?.number == 4)
        #expect(rows[1].extra == nil)
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Row].self, from: Data(#"[{"date":"2024-03-31"}]"#.utf8))
        }
        #expect(error?.jsonPath == "[0].date")
    }

    @Test func buildsURLsUnderABasePath() {
        let base = URL(string: "http://127.0.0.1:8080/api/")!
        let request = HTTPRequest.get(
            base, path: "/rest/v1/racing/", query: [("method", "nextraces"), ("count", "10")])
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/api/rest/v1/racing/?method=nextraces&count=10")
        #expect(
            HTTPRequest.get(URL(string: "https://api.mfapi.in")!, path: "mf/1").url.absoluteString
                == "https://api.mfapi.in/mf/1")
    }
}

@Suite struct LossyDecodingTests {
    struct Row: Decodable, Equatable {
        var code: Int
        var name: String
    }

    @Test func aBadElementCostsOnlyItselfAndSaysWhy() throws {
        let json = Data(#"[{"code":1,"name":"a"},{"code":"x","name":"b"},7,{"code":3,"name":"c"}]"#.utf8)
        let array = try JSONDecoder().decode(LossyArray<Row>.self, from: json)
        #expect(array.elements == [Row(code: 1, name: "a"), Row(code: 3, name: "c")])
        #expect(array.failures.map(\.index) == [1, 2])
        #expect(array.failures[0].failure.path == "[1].code")
        let rows = try JSONDecoder().decode([Lossy<Row>].self, from: json)
        #expect(rows.compactMap(\.value) == array.elements)
    }

    @Test func dictionariesOfLossyValuesKeepTheFailures() throws {
        let json = Data(#"{"r1":{"code":1,"name":"a"},"r2":{"name":"b"}}"#.utf8)
        let board = try JSONDecoder().decode([String: Lossy<Row>].self, from: json)
        #expect(board["r1"]?.value == Row(code: 1, name: "a"))
        guard case .failure(let failure)? = board["r2"]?.result else {
            Issue.record("r2 should have failed")
            return
        }
        #expect(failure.description == #"r2.code: missing key "code""#)
    }

    @Test func aBodyThatIsNotAnArrayStillFails() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LossyArray<Row>.self, from: Data("{}".utf8)) }
    }
}
