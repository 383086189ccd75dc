import Foundation
import MutualFunds
import Networking
import NetworkingTesting
import Testing
import Timing

@Suite("MF API client")
struct ClientTests {
    let base = URL(string: "http://127.0.0.1:9/api")!

    func client(_ answer: @escaping @Sendable (HTTPRequest) throws -> (Int, Data)) -> (MFAPIClient, StubHTTPClient) {
        let stub = StubHTTPClient { request in
            let (status, body) = try answer(request)
            return HTTPResponse(status: status, body: body, url: request.url)
        }
        return (MFAPIClient(baseURL: base, http: stub), stub)
    }

    @Test("history: GET {base}/mf/{code}, decoded oldest first")
    func history() async throws {
        let (client, stub) = client { _ in
            (200, try Fixtures.data("mfapi/scheme_119598_sbi_largecap_direct_30pts.json"))
        }
        let history = try await client.history(code: 119598)
        #expect(stub.requests.map(\.url.absoluteString) == ["http://127.0.0.1:9/api/mf/119598"])
        #expect(stub.requests.first?.headers["Accept"] == "application/json")
        #expect(history.points.count == 30)
        #expect(history.points.first?.date.iso8601 == "2026-08-20")
        #expect(history.latest?.date.iso8601 == "2026-10-01")
        #expect(history.name == "SBI Large Cap Fund - Direct Plan - Growth")
    }

    @Test("an unknown code answered with HTTP 200 and empty data is 'no such scheme'")
    func unknownCode200() async throws {
        let blank =
            #"{"meta":{"fund_house":"","scheme_type":"","scheme_category":"","scheme_code":0,"scheme_name":"","isin_growth":null,"isin_div_reinvestment":null},"data":[],"status":"SUCCESS"}"#
        let (client, _) = client { _ in (200, Data(blank.utf8)) }
        await #expect(throws: MFAPIError.noSuchScheme(code: 99_999_999)) { try await client.history(code: 99_999_999) }
    }

    @Test("HTTP 404 is 'no such scheme'; HTTP 400 is a refusal with the API's reason")
    func notFoundAndRejected() async throws {
        let (notFound, _) = client { _ in (404, Data(#"{"status":"ERROR"}"#.utf8)) }
        await #expect(throws: MFAPIError.noSuchScheme(code: 5)) { try await notFound.history(code: 5) }
        let (rejected, _) = client { _ in (400, Data(#"{"error":"invalid scheme_code"}"#.utf8)) }
        await #expect(throws: MFAPIError.rejected(code: 5, reason: "invalid scheme_code")) {
            try await rejected.history(code: 5)
        }
    }

    @Test("5xx stays a transient network error, so a cached copy can be served")
    func serverError() async throws {
        let (client, _) = client { _ in (503, Data("busy".utf8)) }
        do {
            _ = try await client.history(code: 1)
            Issue.record("expected an error")
        } catch let error as NetworkError {
            #expect(error.isTransient)
            #expect(error.description.contains("HTTP 503"))
        }
    }

    @Test("a body that is not a history is a decoding error with its URL")
    func undecodable() async throws {
        let (client, _) = client { _ in (200, Data(#"{"data":{"x":1}}"#.utf8)) }
        do {
            _ = try await client.history(code: 7)
            Issue.record("expected an error")
        } catch let error as NetworkError {
            guard case .decoding(let url, let path, _) = error else {
                Issue.record("expected a decoding error, got \(error)")
                return
            }
            #expect(url.absoluteString == "http://127.0.0.1:9/api/mf/7")
            #expect(path == "data")
        }
    }

    @Test("rows that are all malformed: no usable NAVs")
    func allMalformed() async throws {
        let (client, _) = client { _ in (200, Data(#"{"meta":{},"data":[{"date":"x","nav":"1"},{"nav":"2"}]}"#.utf8)) }
        await #expect(throws: MFAPIError.noUsableNAVs(code: 3, skippedRows: 2)) { try await client.history(code: 3) }
    }

    @Test("the scheme list and the API's search")
    func listAndSearch() async throws {
        let (client, stub) = client { request in
            request.url.path.hasSuffix("/search")
                ? (200, try Fixtures.data("mfapi/search_q_hdfc_5results.json"))
                : (200, try Fixtures.data("mfapi/list_sample_first50.json"))
        }
        let list = try await client.schemeList()
        #expect(list.schemes.count == 50)
        let found = try await client.search("hdfc fmp")
        #expect(found.count == 5)
        #expect(
            stub.requests.map(\.url.absoluteString) == [
                "http://127.0.0.1:9/api/mf", "http://127.0.0.1:9/api/mf/search?q=hdfc%20fmp",
            ])
    }
}
