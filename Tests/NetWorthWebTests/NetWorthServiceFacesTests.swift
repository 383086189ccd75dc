import FeatureKit
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NetWorthWeb
import Persistence
import Testing

/// The web face as a caller of the domain's services: the API is the report value the CLI prints, its OpenAPI
/// schema matches what the encoder writes, and forms refuse at the blamed field (issue 24, issue 25).
@Suite("/networth through the services")
struct NetWorthServiceFacesTests {
    /// Every GET /api route of the feature with the CLI arguments that print the same report.
    static let routes: [(uri: String, arguments: [String])] = [
        ("/api/networth/summary", ["summary"]),
        ("/api/networth/summary?pension=exclude", ["summary", "--exclude-pension"]),
        (
            "/api/networth/summary?mortgage=exclude&pension=include",
            ["summary", "--exclude-mortgage", "--include-pension"]
        ),
        ("/api/networth/summary?asOf=2025-01-31", ["summary", "--as-of", "2025-01-31"]),
        ("/api/networth/accounts", ["accounts", "list"]),
        ("/api/networth/history?account=everyday%20current", ["history", "everyday current"]),
        (
            "/api/networth/history?account=Home%20Mortgage&from=2025-01-01&to=2025-06-30",
            ["history", "Home Mortgage", "--from", "2025-01-01", "--to", "2025-06-30"]
        ),
        ("/api/networth/rates", ["rate", "list"]),
        ("/api/networth/rates?currency=usd", ["rate", "list", "usd"]),
        ("/api/networth/rates?currency=JPY", ["rate", "list", "JPY"]),
        ("/api/networth/settings", ["settings"]),
    ]

    @Test("issue 24: each GET /api/networth route is byte for byte `--format json` on the same store and clock")
    func apiBytesEqualCLI() async throws {
        let setup = try await Setup.withSample()
        // A foreign account without a rate (issue 25 #6) is part of the report too.
        try await setup.cli([
            "accounts", "add", "--name", "Yen", "--type", "savings", "--currency", "JPY", "--balance", "1000",
        ])
        try await setup.application().test(.router) { client in
            for (uri, arguments) in Self.routes {
                let printed = try await setup.cli(arguments + ["--format", "json"])
                try await client.execute(uri: uri, method: .get, headers: localhost) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, "\(uri)")
                    #expect(String(buffer: response.body) == printed, "\(uri)")
                }
            }
        }
    }

    @Test("GET /api/networth/report is byte for byte `report --format json` on the same store and clock")
    func reportBytesEqualCLI() async throws {
        // The report refuses a balance it cannot value, so this store has no rate-less account.
        let setup = try await Setup.withSample()
        try await setup.cli(["settings", "--exclude-mortgage"])
        try await setup.application().test(.router) { client in
            for (uri, arguments) in [
                ("/api/networth/report", ["report"]),
                ("/api/networth/report?period=yearly&mortgage=include", ["report", "--yearly", "--include-mortgage"]),
                (
                    "/api/networth/report?from=2025-03&to=2025-08-15",
                    ["report", "--from", "2025-03", "--to", "2025-08-15"]
                ),
            ] {
                let printed = try await setup.cli(arguments + ["--format", "json"])
                try await client.execute(uri: uri, method: .get, headers: localhost) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, "\(uri)")
                    #expect(String(buffer: response.body) == printed, "\(uri)")
                }
            }
        }
    }

    @Test(
        "issue 24: each route's OpenAPI schema types every property, required and nullable as encoded",
        arguments: [
            ("/api/networth/summary", ["summary"]),
            ("/api/networth/accounts", ["accounts", "list"]),
            ("/api/networth/history", ["history", "Everyday Current"]),
            ("/api/networth/report", ["report", "--yearly"]),
            ("/api/networth/rates", ["rate", "list"]),
            ("/api/networth/settings", ["settings"]),
        ])
    func schemaMatchesTheEncoder(route: String, arguments: [String]) async throws {
        let setup = try await Setup.withSample()
        try await setup.cli(["accounts", "add", "--name", "Empty", "--type", "savings"])
        try await setup.cli(["accounts", "note", "Everyday Current", "joint"])
        let path = try #require(NetWorthWeb.feature.openAPIPaths[route])
        let schema = try #require(
            path["get"]?["responses"]?["200"]?["content"]?["application/json"]?["schema"], "the 200 schema")
        let body = try await setup.cli(arguments + ["--format", "json"])
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(body.utf8))
        var problems: [String] = []
        check(value, against: schema, at: "$", problems: &problems)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("issue 25 #6: an account without a rate is marked on the page and null in the API; the rest is valued")
    func missingRate() async throws {
        let setup = try await Setup.withSample()
        try await setup.cli([
            "accounts", "add", "--name", "Yen", "--type", "savings", "--currency", "JPY", "--balance", "1000",
        ])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("not valued: missing JPY exchange rate"))
                #expect(html.contains("id=\"networth-figures\""))
            }
            try await client.execute(uri: "/api/networth/summary", method: .get, headers: localhost) { response in
                let json = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(json.contains("\"unvaluedBecause\" : \"missing JPY exchange rate"))
            }
        }
    }

    @Test("issue 25 #14: 10²⁶ − 1 posted to the update form is refused at the amount; the page keeps its form")
    func hugeAmount() async throws {
        let setup = try await Setup.withSample()
        let before = try await setup.cli(["summary", "--format", "json"])
        let (headers, body) = post("account=Everyday+Current&amount=99999999999999999999999999")
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/update", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .unprocessableContent)
                #expect(html.contains("id=\"amount-error\">the amount 99999999999999999999999999 is too large"))
                #expect(html.contains("value=\"99999999999999999999999999\""))
                #expect(html.contains("id=\"networth-figures\""))
            }
        }
        #expect(try await setup.cli(["summary", "--format", "json"]) == before)
    }

    @Test("issue 25 #14: a stored figure the summary cannot total still leaves the accounts, the form and the card")
    func summaryFailureKeepsTheForms() async throws {
        let setup = Setup()
        // Two balances just under ±10²⁶, as a store written before the input limits could hold.
        try await setup.cli(["accounts", "add", "--name", "A", "--type", "savings", "--balance", "1"])
        try await setup.cli(["accounts", "add", "--name", "B", "--type", "savings", "--balance", "1"])
        try await setup.store.write { transaction in
            for id in [1, 2] {
                let key = "account/0000000\(id)"
                var record = try #require(try transaction.value(JSONValue.self, key))
                record["history"] = .array([
                    .object(["date": .string("2025-11-01"), "amount": .string("90000000000000000000000000")])
                ])
                try transaction.put(key, record)
            }
        }
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("The summary cannot be computed: a figure is too large to compute"))
                #expect(html.contains("action=\"/networth/update\""))
                #expect(html.contains("<td>A</td>") && html.contains("<td>B</td>"))
            }
            try await client.execute(uri: "/", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(
                    html.contains("<h2><a href=\"/networth\">Net worth</a></h2>"), "the card stays, with the reason")
            }
        }
    }

    @Test("issue 25 #16: a GBP balance with nine decimals is refused at the amount, web and CLI alike")
    func tooManyDecimals() async throws {
        let setup = try await Setup.withSample()
        let before = try await setup.cli(["summary", "--format", "json"])
        let (headers, body) = post("account=Everyday+Current&amount=1.123456789")
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/update", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .unprocessableContent)
                #expect(
                    html.contains(
                        "id=\"amount-error\">the amount 1.123456789 has too many decimals — GBP amounts have at most 2 decimals"
                    ))
            }
        }
        #expect(try await setup.cli(["summary", "--format", "json"]) == before)
    }

    @Test("issue 25 #22: a note over 1,000 characters is refused next to the note, keeping what was typed")
    func longNote() async throws {
        let setup = try await Setup.withSample()
        let before = try await setup.cli(["summary", "--format", "json"])
        let note = String(repeating: "x", count: 1_001)
        let (headers, body) = post("account=Everyday+Current&amount=10&note=\(note)")
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/networth/update", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .unprocessableContent)
                #expect(
                    html.contains("id=\"note-error\">the note is too long — 1001 characters; a note holds at most 1000")
                )
                #expect(!html.contains("larger than"))
                #expect(html.contains("value=\"\(note)\""))
            }
        }
        #expect(try await setup.cli(["summary", "--format", "json"]) == before)
    }

    @Test("a refused API query is RFC 9457 problem details blaming the parameter")
    func apiRefusal() async throws {
        let setup = try await Setup.withSample()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/api/networth/summary?asOf=2025-13-01", method: .get, headers: localhost) {
                response in
                let problem = try JSONDecoder().decode(JSONValue.self, from: Data(String(buffer: response.body).utf8))
                #expect(response.status == .unprocessableContent)
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(problem["field"] == .string("asOf"))
            }
        }
    }
}

/// Collects where `value` departs from `schema`: a type it does not have, a key it lacks or adds, a required list
/// that is not every key (the encoder writes every key, absent values as null), an untyped object.
private func check(_ value: JSONValue, against schema: JSONValue, at path: String, problems: inout [String]) {
    if let options = schema["anyOf"], case .array(let choices) = options {
        if value == .null { return }
        guard let typed = choices.first(where: { $0["type"] != .string("null") }) else {
            return problems.append("\(path): nullable of nothing")
        }
        return check(value, against: typed, at: path, problems: &problems)
    }
    guard case .string(let type)? = schema["type"] else { return problems.append("\(path): no type") }
    switch (type, value) {
    case ("object", .object(let members)):
        guard case .object(let properties)? = schema["properties"] else {
            return problems.append("\(path): an object without properties")
        }
        // Keys named by the data (the report's accounts) are typed by `additionalProperties`.
        let extra = schema["additionalProperties"]
        if extra == nil ? Set(properties.keys) != Set(members.keys) : !Set(properties.keys).isSubset(of: members.keys) {
            problems.append("\(path): schema \(properties.keys.sorted()) vs JSON \(members.keys.sorted())")
        }
        if schema["required"] != .array(properties.keys.sorted().map(JSONValue.string)) {
            problems.append("\(path): not every key is required")
        }
        for (key, member) in members {
            if let property = properties[key] ?? extra {
                check(member, against: property, at: "\(path).\(key)", problems: &problems)
            }
        }
    case ("array", .array(let items)):
        guard let item = schema["items"] else { return problems.append("\(path): untyped items") }
        for (index, element) in items.enumerated() {
            check(element, against: item, at: "\(path)[\(index)]", problems: &problems)
        }
    case ("string", .string(let text)):
        if case .array(let allowed)? = schema["enum"], !allowed.contains(.string(text)) {
            problems.append("\(path): \(text) is not in the enum")
        }
        if schema["format"] == .string("date"), text.count != 10 { problems.append("\(path): \(text) is not a date") }
    case ("number", .number), ("integer", .number), ("boolean", .bool): break
    default: problems.append("\(path): \(value) is not a \(type)")
    }
}

extension JSONValue {
    /// The member `key` of an object; nil otherwise.
    subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let members) = self else { return nil }
            return members[key]
        }
        set {
            guard case .object(var members) = self else { return }
            members[key] = newValue
            self = .object(members)
        }
    }
}
