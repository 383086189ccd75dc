import FeatureHost
import FeatureKit
import FeatureKitTesting
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Persistence
import Testing
import Timing
import TimingTesting

@testable import folio

/// The real features' router, as `folio serve` builds it (no command runs: only the routes are looked at).
private func realRouter() -> Router<WebRequestContext> {
    let timing = Timing.test()
    let environment = WebEnvironment(
        contexts: [:], layout: Layout(navigation: FeatureRegistry.all.compactMap(\.web).map(\.navigation)),
        ticker: Ticker(clock: timing.clock), timing: timing, sessions: BrowserSessions(now: { timing.now() }))
    return WebServer.router(
        features: FeatureRegistry.all.compactMap(\.web), environment: environment,
        configuration: WebServerConfiguration(secret: testSecret))
}

@Suite("OpenAPI document of the real features")
struct OpenAPIRoutesTests {
    @Test("/api/openapi.json documents exactly the /api routes the server registers, method by method")
    func documentsEveryRoute() async throws {
        let router = realRouter()
        // Hummingbird's own list of what was registered: a route added without its OpenAPI entry, or an entry
        // left behind by a removed route, shows up here.
        let registered = Set(
            router.routes.filter { $0.path.description.hasPrefix("/api/") }.map {
                "\($0.method.rawValue) \($0.path.description)"
            })
        #expect(registered.contains("GET /api/stocks/portfolio") && registered.contains("GET /api/etf/analyze"))
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/api/openapi.json", method: .get, headers: localhost) { response in
                let document = try JSONDecoder().decode(JSONValue.self, from: Data(response.text.utf8))
                guard case .object(let root) = document, case .object(let paths)? = root["paths"] else {
                    Issue.record("the document has no paths")
                    return
                }
                var documented: Set<String> = []
                for (path, item) in paths {
                    guard case .object(let operations) = item else { continue }
                    for method in operations.keys { documented.insert("\(method.uppercased()) \(path)") }
                }
                #expect(
                    documented == registered,
                    "documented but not served: \(documented.subtracting(registered)); served but not documented: \(registered.subtracting(documented))"
                )
            }
        }
    }

    @Test("every documented operation has a real JSON response schema, never {}")
    func everyResponseHasASchema() async throws {
        try await Application(router: realRouter()).test(.router) { client in
            try await client.execute(uri: "/api/openapi.json", method: .get, headers: localhost) { response in
                let document = try JSONDecoder().decode(JSONValue.self, from: Data(response.text.utf8))
                guard case .object(let root) = document, case .object(let paths)? = root["paths"] else {
                    Issue.record("the document has no paths")
                    return
                }
                #expect(paths.count >= 7)
                for (path, item) in paths {
                    guard case .object(let operations) = item else { continue }
                    for (method, operation) in operations {
                        guard case .object(let fields) = operation, case .object(let responses)? = fields["responses"]
                        else {
                            Issue.record("\(method) \(path) has no responses")
                            continue
                        }
                        for (status, answer) in responses where status.hasPrefix("2") {
                            let schema = Self.schema(answer)
                            guard case .object(let schemaFields)? = schema else {
                                Issue.record("\(method) \(path) \(status) has no JSON schema")
                                continue
                            }
                            #expect(
                                schemaFields["type"] != nil, "\(method) \(path) \(status): the schema says what it is")
                            if schemaFields["type"] == .string("object") {
                                #expect(
                                    schemaFields["properties"] != nil,
                                    "\(method) \(path) \(status): an object schema names its fields")
                            }
                        }
                    }
                }
            }
        }
    }

    /// `content.application/json.schema` of a response object.
    static func schema(_ response: JSONValue) -> JSONValue? {
        guard case .object(let fields) = response, case .object(let content)? = fields["content"],
            case .object(let json)? = content["application/json"]
        else { return nil }
        return json["schema"]
    }
}
