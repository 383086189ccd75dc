import ArgumentParser
import ETFAnalyzerCommands
import ETFAnalyzerWeb
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MarketData
import MarketDataTesting
import Money
import Persistence
import Testing
import Timing
import TimingTesting

private let localhost: HTTPFields = [HTTPField.Name("Host")!: "localhost"]
private let secret = "etf-test-secret"
private let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Modules/Features/ETFAnalyzer/Examples/etfs.csv")

private struct Setup {
    let timing = Timing.test(now: Date(timeIntervalSince1970: 1_764_000_000))
    let store = InMemoryDatabase().store(namespace: "etf")
    /// The host's market data, when a test gives one.
    var market: MarketDataService?

    func context(terminal: any Terminal = CapturedTerminal()) -> FeatureContext {
        var context = FeatureContext.test(featureID: "etf", store: store, timing: timing, terminal: terminal)
        context.marketData = market
        return context
    }

    func application() -> some ApplicationProtocol {
        let environment = WebEnvironment(
            contexts: [ETFAnalyzerPlugin.descriptor.id: context()],
            layout: Layout(navigation: [ETFAnalyzerWeb.feature.navigation]), ticker: Ticker(clock: timing.clock),
            timing: timing, sessions: BrowserSessions(now: { Date() }))
        return Application(
            router: WebServer.router(
                features: [ETFAnalyzerWeb.feature], environment: environment,
                configuration: WebServerConfiguration(secret: secret)))
    }

    func cli(_ arguments: [String]) async throws -> String {
        let terminal = CapturedTerminal()
        let command = try #require(
            try ETFAnalyzerPlugin.descriptor.command.parseAsRoot(arguments) as? any FeatureCommand)
        try await command.run(in: context(terminal: terminal))
        return terminal.output
    }
}

private func post(_ fields: [String: String]) -> (HTTPFields, ByteBuffer) {
    var headers = localhost
    headers[.cookie] = "\(CSRF.cookieName)=seed"
    headers[.contentType] = "application/x-www-form-urlencoded"
    var components = URLComponents()
    components.queryItems =
        (fields.map { URLQueryItem(name: $0.key, value: $0.value) }
            + [URLQueryItem(name: "_csrf", value: CSRF.token(seed: "seed", secret: secret))])
    let body = components.percentEncodedQuery!.replacingOccurrences(of: "+", with: "%2B")
    return (headers, ByteBuffer(string: body))
}

@Suite("/etf page")
struct ETFPagesTests {
    @Test("a pasted CSV gives the report and its allocation chart; the downloads are exactly `analyze --format …`")
    func report() async throws {
        let setup = Setup()
        let csv = try String(contentsOf: example, encoding: .utf8)
        let markdown = try await setup.cli(["analyze", example.path, "--format", "markdown"])
        let json = try await setup.cli(["analyze", example.path, "--format", "json"])
        try await setup.application().test(.router) { client in
            let (headers, body) = post(["csv": csv, "format": "html"])
            try await client.execute(uri: "/etf", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("id=\"etf-figures\"") && html.contains("Vanguard S&amp;P 500 ETF (VOO)"))
                #expect(
                    html.contains("id=\"allocation-chart\"")
                        && html.contains("<li class=\"bar-row\"><span class=\"bar-label\">"))
            }
            let (mdHeaders, mdBody) = post(["csv": csv, "format": "markdown"])
            try await client.execute(uri: "/etf", method: .post, headers: mdHeaders, body: mdBody) { response in
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"etf-report.md\"")
                #expect(String(buffer: response.body) == markdown)
            }
            let (jsonHeaders, jsonBody) = post(["csv": csv, "format": "json"])
            try await client.execute(uri: "/etf", method: .post, headers: jsonHeaders, body: jsonBody) { response in
                // Byte for byte what the terminal prints, as `/api/etf/analyze`.
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"etf-report.json\"")
                #expect(String(buffer: response.body) == json)
            }
        }
    }

    @Test("the CSV and Markdown downloads equal `analyze --format csv|markdown` for the same input, dated or not")
    func downloadsMatchTheTerminal() async throws {
        let setup = Setup()
        let csv = try String(contentsOf: example, encoding: .utf8)
        try await setup.application().test(.router) { client in
            for (asOf, format) in [("", "csv"), ("", "markdown"), ("2025-06-30", "csv"), ("2025-06-30", "markdown")] {
                let expected = try await setup.cli(
                    ["analyze", example.path, "--format", format] + (asOf.isEmpty ? [] : ["--as-of", asOf]))
                let (headers, body) = post(["csv": csv, "format": format, "asOf": asOf])
                try await client.execute(uri: "/etf", method: .post, headers: headers, body: body) { response in
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body) == expected, "\(format) as of \(asOf)")
                }
            }
        }
    }

    @Test("a bad CSV shows the CLI's message next to the box, keeping what was pasted")
    func badCSV() async throws {
        try await Setup().application().test(.router) { client in
            let csv =
                "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price\nBad,abc,1,1,1,2024-01-01,1"
            let (headers, body) = post(["csv": csv, "format": "html"])
            try await client.execute(uri: "/etf", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                #expect(response.status != .ok)
                #expect(html.contains("id=\"csv-error\""))
                #expect(html.contains("Bad,abc"))
            }
        }
    }

    @Test("a saved portfolio can be picked")
    func saved() async throws {
        let setup = Setup()
        _ = try await setup.cli(["save", "core", example.path, "--yes"])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/etf", method: .get, headers: localhost) { response in
                #expect(String(buffer: response.body).contains("<option value=\"core\">core</option>"))
            }
            let (headers, body) = post(["saved": "core", "format": "html"])
            try await client.execute(uri: "/etf", method: .post, headers: headers, body: body) { response in
                #expect(String(buffer: response.body).contains("id=\"etf-figures\""))
            }
        }
    }
}

/// A `multipart/form-data` body as a browser sends the page's form: the CSRF field first, then `fields`,
/// then the file input (`file`, empty when no file was chosen).
private func multipart(
    _ fields: [(String, String)], file: (name: String, content: String)?, csrf: Bool = true
) -> (HTTPFields, ByteBuffer) {
    let boundary = "----FolioTestBoundary7MA4YWxkTrZu0gW"
    var headers = localhost
    headers[.cookie] = "\(CSRF.cookieName)=seed"
    headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
    var body = ""
    let all = (csrf ? [("_csrf", CSRF.token(seed: "seed", secret: secret))] : []) + fields
    for (name, value) in all {
        body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
    }
    body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(file?.name ?? "")\"\r\n"
    body += "Content-Type: \(file == nil ? "application/octet-stream" : "text/csv")\r\n\r\n\(file?.content ?? "")\r\n"
    body += "--\(boundary)--\r\n"
    return (headers, ByteBuffer(string: body))
}

@Suite("/etf upload and JSON")
struct ETFUploadTests {
    @Test("the page's form is a multipart upload with a named file input, and works without JavaScript")
    func formIsMultipart() async throws {
        try await Setup().application().test(.router) { client in
            try await client.execute(uri: "/etf", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("enctype=\"multipart/form-data\""))
                #expect(html.contains("<input type=\"file\" name=\"file\""))
                #expect(html.contains("<textarea name=\"csv\""), "pasting still works")
            }
        }
    }

    @Test("an uploaded CSV gives the same report as `analyze FILE`; its downloads too")
    func upload() async throws {
        let setup = Setup()
        let csv = try String(contentsOf: example, encoding: .utf8)
        let markdown = try await setup.cli(["analyze", example.path, "--format", "markdown"])
        try await setup.application().test(.router) { client in
            let (headers, body) = multipart(
                [("csv", ""), ("asOf", ""), ("format", "html")], file: (name: "etfs.csv", content: csv))
            try await client.execute(uri: "/etf", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("id=\"etf-figures\"") && html.contains("Vanguard S&amp;P 500 ETF (VOO)"))
            }
            let (mdHeaders, mdBody) = multipart([("format", "markdown")], file: (name: "etfs.csv", content: csv))
            try await client.execute(uri: "/etf", method: .post, headers: mdHeaders, body: mdBody) { response in
                #expect(String(buffer: response.body) == markdown)
            }
        }
    }

    @Test("without a file chosen the pasted text is analysed; a bad upload shows the CLI's message with what was read")
    func pasteAndBadUpload() async throws {
        let setup = Setup()
        let csv = try String(contentsOf: example, encoding: .utf8)
        try await setup.application().test(.router) { client in
            let (headers, body) = multipart([("csv", csv), ("format", "html")], file: nil)
            try await client.execute(uri: "/etf", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("id=\"etf-figures\""))
            }
            let bad =
                "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price\nBad,abc,1,1,1,2024-01-01,1"
            let (badHeaders, badBody) = multipart([("format", "html")], file: (name: "bad.csv", content: bad))
            try await client.execute(uri: "/etf", method: .post, headers: badHeaders, body: badBody) { response in
                let html = String(buffer: response.body)
                #expect(response.status != .ok)
                #expect(html.contains("id=\"csv-error\""))
                #expect(html.contains("Bad,abc"), "the uploaded file is shown in the box")
            }
        }
    }

    @Test("an upload needs the CSRF token; one over the cap is refused with 413")
    func refusals() async throws {
        try await Setup().application().test(.router) { client in
            let (headers, body) = multipart([("format", "html")], file: (name: "a.csv", content: "x"), csrf: false)
            try await client.execute(uri: "/etf", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .forbidden)
            }
            let huge = String(
                repeating: "VOO,0.03,1.5,10,350,2020-01-01,420\n", count: (WebLimits.maxBodyBytes / 30) + 10)
            let (bigHeaders, bigBody) = multipart([("format", "html")], file: (name: "big.csv", content: huge))
            try await client.execute(uri: "/etf", method: .post, headers: bigHeaders, body: bigBody) { response in
                #expect(response.status == .contentTooLarge)
                #expect(String(buffer: response.body).contains("The upload is larger than"))
            }
        }
    }

    @Test("/etf?saved=NAME is the saved portfolio's report at its own address; an unknown name is the CLI's refusal")
    func savedReportByAddress() async throws {
        let setup = Setup()
        _ = try await setup.cli(["save", "core", example.path, "--yes"])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/etf?saved=core", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("id=\"etf-figures\"") && html.contains("id=\"allocation-chart\""))
                #expect(html.contains("<option value=\"core\" selected>core</option>"))
            }
            try await client.execute(uri: "/etf?saved=nothing-here", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status != .ok)
                #expect(html.contains("id=\"csv-error\"") && html.contains("nothing-here"))
            }
        }
    }

    @Test(
        "/api/etf/analyze?saved=NAME is exactly `folio etf analyze --saved NAME --format json`; a missing name is 400, an unknown one refused"
    )
    func analyzeJSON() async throws {
        let setup = Setup()
        _ = try await setup.cli(["save", "core", example.path, "--yes"])
        let json = try await setup.cli(["analyze", "--saved", "core", "--format", "json"])
        let dated = try await setup.cli(["analyze", "--saved", "core", "--as-of", "2025-06-30", "--format", "json"])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/api/etf/analyze?saved=core", method: .get, headers: localhost) { response in
                #expect(response.status == .ok)
                // The terminal ends what it prints with a newline; the document before it is the same bytes.
                #expect(String(buffer: response.body) == json)
            }
            try await client.execute(
                uri: "/api/etf/analyze?saved=core&asOf=2025-06-30", method: .get, headers: localhost
            ) { response in
                #expect(String(buffer: response.body) == dated)
            }
            try await client.execute(uri: "/api/etf/analyze", method: .get, headers: localhost) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("?saved=NAME"))
            }
            try await client.execute(uri: "/api/etf/analyze?saved=nothing-here", method: .get, headers: localhost) {
                response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType]?.hasPrefix("application/problem+json") == true)
                #expect(String(buffer: response.body).contains("\"field\" : \"saved\""))
            }
        }
    }

    @Test("the OpenAPI schema names exactly the keys the report encodes, all required, each typed")
    func openAPIMatchesEncoding() async throws {
        let setup = Setup()
        _ = try await setup.cli(["save", "core", example.path, "--yes"])
        try await setup.application().test(.router) { client in
            let body = try await client.execute(uri: "/api/etf/analyze?saved=core", method: .get, headers: localhost)
                .body
            let report = try JSONDecoder().decode(JSONValue.self, from: Data(String(buffer: body).utf8))
            let document = try await client.execute(uri: "/api/openapi.json", method: .get, headers: localhost).body
            let root = try JSONDecoder().decode(JSONValue.self, from: Data(String(buffer: document).utf8))
            let schema = try #require(
                member(
                    root, "paths", "/api/etf/analyze", "get", "responses", "200", "content", "application/json",
                    "schema"))
            // `market` is there only when prices came from the market (`live=1`, checked with market prices below).
            for (encoded, declared, optional) in [
                (member(report), schema, Set(["market"])),
                (member(report, "portfolio"), member(schema, "properties", "portfolio"), Set()),
                (
                    member(report, "portfolio", "feeDrag", "10"),
                    member(schema, "properties", "portfolio", "properties", "feeDrag", "properties", "10"), Set()
                ),
                (first(member(report, "etfs")), member(schema, "properties", "etfs", "items"), Set()),
            ] as [(JSONValue?, JSONValue?, Set<String>)] {
                let keys = keySet(encoded)
                #expect(!keys.isEmpty)
                #expect(keySet(member(declared, "properties")) == keys.union(optional))
                #expect(keySet(member(declared, "required")) == keys)
            }
        }
    }

    private func member(_ value: JSONValue?, _ path: String...) -> JSONValue? {
        path.reduce(value) { value, key in
            if case .object(let members)? = value { members[key] } else { nil }
        }
    }

    private func first(_ value: JSONValue?) -> JSONValue? {
        if case .array(let items)? = value { items.first } else { nil }
    }

    private func keySet(_ value: JSONValue?) -> Set<String> {
        switch value {
        case .object(let members)?: Set(members.keys)
        case .array(let items)?: Set(items.compactMap { if case .string(let name) = $0 { name } else { nil } })
        default: []
        }
    }

    @Test(
        "an asOf that is not a date is refused with 422 naming asOf, never replaced by today (issue 25, item 15)",
        arguments: ["garbage", "2025-13-01", "30/06/2025", "2025-06-31"])
    func badAsOf(asOf: String) async throws {
        let setup = Setup()
        _ = try await setup.cli(["save", "core", example.path, "--yes"])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/api/etf/analyze?saved=core&asOf=" + asOf, method: .get, headers: localhost)
            { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.headers[.contentType] == "application/problem+json")
                let body = String(buffer: response.body)
                #expect(body.contains("\"field\" : \"asOf\"") && body.contains("\"kind\" : \"invalid\""), "\(body)")
            }
        }
    }
}

@Suite("/etf/saved: save, list and delete as `folio etf save|list|delete`")
struct SavedPortfoliosPageTests {
    @Test("save from the form, list, open, then delete after a confirmation page; the store read by `folio etf list`")
    func saveListDelete() async throws {
        let setup = Setup()
        let csv = try String(contentsOf: example, encoding: .utf8)
        try await setup.application().test(.router) { client in
            let (headers, body) = post(["csv": csv, "format": "save", "saveAs": "core"])
            try await client.execute(uri: "/etf", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .seeOther && response.headers[.location] == "/etf/saved")
            }
            try await client.execute(uri: "/etf/saved", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok && html.contains("<a href=\"/etf?saved=core\">core</a>"))
                #expect(html.contains("a pasted portfolio") && html.contains("action=\"/etf/saved/delete\""))
            }
            // Saving again under the name is refused beside the name, unless "replace" is ticked.
            let (againHeaders, againBody) = post(["csv": csv, "format": "save", "saveAs": "CORE"])
            try await client.execute(uri: "/etf", method: .post, headers: againHeaders, body: againBody) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .conflict)
                #expect(html.contains("id=\"saveAs-error\">a portfolio called CORE is already saved"))
            }
            let (badHeaders, badBody) = post(["csv": csv, "format": "save", "saveAs": "my core!"])
            try await client.execute(uri: "/etf", method: .post, headers: badHeaders, body: badBody) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("id=\"saveAs-error\""))
            }
            let (badRowsHeaders, badRowsBody) = post([
                "csv": csv + "\nBad,abc,1,1,1,2024-01-01,1", "format": "save", "saveAs": "broken",
            ])
            try await client.execute(uri: "/etf", method: .post, headers: badRowsHeaders, body: badRowsBody) {
                response in
                #expect(response.status != .seeOther && String(buffer: response.body).contains("id=\"csv-error\""))
            }
        }
        let listed = try await setup.cli(["list", "--format", "json"])
        #expect(listed.contains("\"name\" : \"core\"") || listed.contains("\"name\":\"core\""))
        #expect(!listed.contains("broken") && !listed.contains("my core"), "nothing stored on a refusal")

        try await setup.application().test(.router) { client in
            let (askHeaders, askBody) = post(["name": "core"])
            try await client.execute(uri: "/etf/saved/delete", method: .post, headers: askHeaders, body: askBody) {
                response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok && html.contains("Delete the saved portfolio <strong>core</strong>"))
                #expect(html.contains("name=\"confirmed\" value=\"yes\""))
            }
            #expect(
                try await setup.cli(["list", "--format", "json"]).contains("core"),
                "nothing deleted before the confirmation")
            let (headers, body) = post(["name": "core", "confirmed": "yes"])
            try await client.execute(uri: "/etf/saved/delete", method: .post, headers: headers, body: body) {
                response in
                #expect(response.status == .seeOther && response.headers[.location] == "/etf/saved")
            }
        }
        #expect(try await setup.cli(["list", "--format", "json"]).contains("core") == false)
    }
}

/// One ETF of the new-portfolio form, in its `_N` fields.
private func row(_ number: Int, name: String, shares: String = "10", date: String = "2024-01-02") -> [String: String] {
    [
        "name_\(number)": name, "expense_ratio_\(number)": "0.03", "yield_\(number)": "1.3", "shares_\(number)": shares,
        "purchase_price_\(number)": "200", "purchase_date_\(number)": date, "current_price_\(number)": "250",
    ]
}

@Suite("/etf/new, /etf/template and the saved list's order")
struct ETFNewPortfolioTests {
    @Test("the template downloads exactly as `etf template` prints it, CSV and JSON")
    func template() async throws {
        let setup = Setup()
        let csv = try await setup.cli(["template"])
        let json = try await setup.cli(["template", "--format", "json"])
        try await setup.application().test(.router) { client in
            for (query, printed, type) in [("csv", csv, "text/csv"), ("json", json, "application/json")] {
                try await client.execute(uri: "/etf/template?format=\(query)", method: .get, headers: localhost) {
                    response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType]?.hasPrefix(type) == true)
                    #expect(response.headers[.contentDisposition]?.contains("attachment") == true)
                    #expect(String(buffer: response.body) == printed)
                }
            }
            try await client.execute(uri: "/etf/template?format=xml", method: .get, headers: localhost) { response in
                #expect(response.status == .unprocessableContent)
            }
        }
    }

    @Test("the form has the prompts' fields for each ETF, and `?rows=` adds rows up to 20")
    func form() async throws {
        try await Setup().application().test(.router) { client in
            try await client.execute(uri: "/etf/new", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("name=\"purchase_date_3\"") && !html.contains("name=\"name_4\""))
                #expect(html.contains("name=\"action\" value=\"addRow\""))
                #expect(html.contains("href=\"/etf/template?format=csv\""))
            }
            try await client.execute(uri: "/etf/new?rows=99", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(
                    html.contains("name=\"name_20\"") && !html.contains("name=\"name_21\"") && !html.contains("addRow"))
            }
        }
    }

    @Test("issue 38: \"Add a row\" keeps what was typed in every row and the options below")
    func addRowKeepsValues() async throws {
        try await Setup().application().test(.router) { client in
            let typed = row(1, name: "VOO").merging([
                "name_2": "half typed", "rows": "3", "saveAs": "core", "action": "addRow",
            ]) { $1 }
            let (headers, body) = post(typed)
            try await client.execute(uri: "/etf/new", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("name=\"name_4\"") && !html.contains("name=\"name_5\""))
                #expect(
                    html.contains("name=\"name_1\" value=\"VOO\"")
                        && html.contains("name=\"name_2\" value=\"half typed\""))
                #expect(html.contains("name=\"saveAs\" value=\"core\""))
                #expect(!html.contains("id=\"etf-figures\""), "adding a row analyses nothing")
            }
        }
    }

    @Test("issue 38: a pasted report shows every figure `etf analyze` prints, and a paste over 1,000 rows is refused")
    func everyFigureAndThePasteCap() async throws {
        let setup = Setup()
        let csv = try String(contentsOf: example, encoding: .utf8)
        try await setup.application().test(.router) { client in
            let (headers, body) = post(["csv": csv, "format": "html"])
            try await client.execute(uri: "/etf", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                for label in [
                    "Capital appreciation", "Yield income", "Expenses", "Weighted annual return",
                    "Portfolio annual return",
                    "Weighted expense ratio", "Annual fees", "Fee drag", ">Days<",
                ] {
                    #expect(html.contains(label), "\(label)")
                }
                #expect(
                    html.contains("id=\"etf-as-of\"")
                        && (html.contains("· as of 20") || html.contains("· analysis dates 20")))
                #expect(html.contains("held under a year") || html.contains("initial-weighted mean"))
            }
            let line = "VOO,0.03,1.3,1,400,2024-01-02,450\n"
            let big =
                "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price\n"
                + String(repeating: line, count: 1001)
            let (bigHeaders, bigBody) = post(["csv": big, "format": "html"])
            try await client.execute(uri: "/etf", method: .post, headers: bigHeaders, body: bigBody) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .unprocessableContent)
                #expect(html.contains("the portfolio has 1001 rows") && html.contains("at most 1,000 rows"))
                #expect(html.contains("id=\"csv-error\""))
            }
        }
    }

    @Test(
        "the rows are analysed as a file of them would be; with a name they are saved, as `etf new --save`; a bad row saves nothing"
    )
    func create() async throws {
        let setup = Setup()
        try await setup.application().test(.router) { client in
            let (headers, body) = post(
                row(1, name: "Vanguard Total, VTI").merging(row(2, name: "AGG", shares: "5")) { $1 })
            try await client.execute(uri: "/etf/new", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(
                    html.contains("id=\"etf-figures\"") && html.contains("<td>Vanguard Total, VTI</td>")
                        && html.contains("<td>AGG</td>"))
                #expect(html.contains("+$"), "a gain reads signed")
            }
            let (badHeaders, badBody) = post(row(1, name: "VTI", shares: "-3").merging(["saveAs": "broken"]) { $1 })
            try await client.execute(uri: "/etf/new", method: .post, headers: badHeaders, body: badBody) { response in
                #expect(response.status != .seeOther)
                #expect(String(buffer: response.body).contains("id=\"csv-error\""))
            }
            let (saveHeaders, saveBody) = post(row(1, name: "VTI").merging(["saveAs": "fresh"]) { $1 })
            try await client.execute(uri: "/etf/new", method: .post, headers: saveHeaders, body: saveBody) { response in
                #expect(response.status == .seeOther && response.headers[.location] == "/etf/saved")
            }
        }
        let listed = try await setup.cli(["list", "--format", "json"])
        #expect(listed.contains("\"name\" : \"fresh\""), "saved: \(listed)")
        #expect(!listed.contains("broken"), "nothing stored on a refusal")
    }

    @Test("the saved list and a saved report's ETFs sort by their headings' links")
    func sorting() async throws {
        let setup = Setup()
        _ = try await setup.cli(["save", "core", example.path])
        _ = try await setup.cli(["save", "alpha", example.path])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/etf/saved?sort=-name", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                let core = try #require(html.range(of: ">core</a>")).lowerBound
                let alpha = try #require(html.range(of: ">alpha</a>")).lowerBound
                #expect(core < alpha, "descending by name")
                #expect(html.contains("aria-sort=\"descending\""))
            }
            try await client.execute(uri: "/etf?saved=core&sort=-allocation", method: .get, headers: localhost) {
                response in
                let html = String(buffer: response.body)
                #expect(html.contains("<a href=\"/etf?saved=core&amp;sort=allocation\">Allocation ▼</a>"))
            }
        }
    }
}

@Suite("/etf/new with market prices")
struct ETFMarketPricesPageTests {
    /// A server whose market has every symbol at 430.00 on 2024-01-02 and 600.50 on 2025-11-21, and a dividend of
    /// 1.81 a share on 2025-03-27.
    fileprivate static func marketSetup() -> Setup {
        var setup = Setup()
        let provider = ScriptedProvider(history: { symbol, from, to in
            let day = { (text: String) in CalendarDate(iso8601: text)! }
            return PriceHistory(
                symbol: symbol, currency: "USD", exchangeTimeZone: "America/New_York",
                bars: [
                    DailyBar(date: day("2024-01-02"), close: Amount("430.00")!, adjustedClose: nil),
                    DailyBar(date: day("2025-11-21"), close: Amount("600.50")!, adjustedClose: nil),
                ],
                dividends: [Dividend(exDate: day("2025-03-27"), amountPerShare: Amount("1.81")!)]
            ).limited(from: from, to: to)
        })
        setup.market = MarketDataService(
            providers: [provider], store: InMemoryDatabase().store(namespace: "market"), timing: setup.timing,
            quoteTTL: .seconds(60))
        return setup
    }

    /// Saves 10 VOO bought on 2024-01-02 as "market" through `/etf/new` with "Use market prices" ticked: bought at
    /// that day's close, valued at the 2025-11-21 one.
    fileprivate static func saveMarketPortfolio(_ client: some TestClientProtocol) async throws {
        var fields = liveRow(name: "VOO", symbol: "VOO")
        fields["saveAs"] = "market"
        let (headers, body) = post(fields)
        try await client.execute(uri: "/etf/new", method: .post, headers: headers, body: body) { response in
            #expect(response.status == .seeOther, "\(String(buffer: response.body))")
        }
    }

    /// The form's first row with a symbol, its prices empty and "Use market prices" ticked.
    fileprivate static func liveRow(name: String, symbol: String) -> [String: String] {
        row(1, name: name).merging([
            "purchase_price_1": "", "current_price_1": "", "symbol_1": symbol, "live": "on",
        ]) { $1 }
    }

    @Test(
        "\"Use market prices\" fills a row's empty prices with the closes and shows the dividends paid beside the yield's"
    )
    func useMarketPrices() async throws {
        try await Self.marketSetup().application().test(.router) { client in
            let fields = Self.liveRow(name: "Vanguard S&P 500, VOO", symbol: "VOO")
            let (headers, body) = post(fields)
            try await client.execute(uri: "/etf/new", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok, "\(html)")
                #expect(html.contains("id=\"market-fills\""))
                #expect(
                    html.contains("$430.00 (close of 2024-01-02)") && html.contains("$600.50 (close of 2025-11-21)"))
                // 10 shares × $1.81.
                #expect(html.contains("$18.10"))
            }
        }
    }
}

extension ETFMarketPricesPageTests {
    @Test(
        "saving from /etf/new with \"Use market prices\" saves the closes it filled in; unticked, an empty price is refused"
    )
    func saveWithMarketPrices() async throws {
        try await Self.marketSetup().application().test(.router) { client in
            var fields = Self.liveRow(name: "VOO", symbol: "voo")
            fields["saveAs"] = "market"
            let (headers, body) = post(fields)
            try await client.execute(uri: "/etf/new", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .seeOther, "\(String(buffer: response.body))")
            }
            try await client.execute(uri: "/etf?saved=market", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                // 10 shares bought at the 2024-01-02 close, valued at the 2025-11-21 one, as saved.
                #expect(html.contains("$4,300.00") && html.contains("$6,005.00"), "\(html)")
            }
            fields["live"] = nil
            fields["saveAs"] = "typed"
            let (plainHeaders, plainBody) = post(fields)
            try await client.execute(uri: "/etf/new", method: .post, headers: plainHeaders, body: plainBody) {
                response in
                #expect(response.status != .seeOther, "without market prices an empty price is refused")
            }
        }
    }
}

@Suite("/etf/new asset classes")
struct ETFAssetClassPageTests {
    @Test(
        "issue 38: /etf/new asks what each ETF holds, saves it with the portfolio, and a pasted class folio does not know is refused naming its row"
    )
    func assetClasses() async throws {
        let setup = Setup()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/etf/new", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<select name=\"asset_class_1\">"))
                #expect(html.contains("<option value=\"debt\">Debt and bonds</option>"))
            }
            let fields = row(1, name: "VTI").merging(row(2, name: "AGG")) { $1 }.merging([
                "asset_class_2": "debt", "saveAs": "mix",
            ]) { $1 }
            let (headers, body) = post(fields)
            try await client.execute(uri: "/etf/new", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .seeOther, "\(String(buffer: response.body))")
            }
            let csv = """
                name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price,asset_class
                VTI,0.03,1.3,10,200,2024-01-02,250,equity
                GLD,0.4,0,1,180,2024-01-02,190,gold bars
                """
            let (badHeaders, badBody) = post(["csv": csv, "format": "save", "saveAs": "broken"])
            try await client.execute(uri: "/etf", method: .post, headers: badHeaders, body: badBody) { response in
                let html = String(buffer: response.body)
                #expect(response.status != .seeOther)
                #expect(html.contains("row 2") && html.contains("column asset_class"), "\(html)")
                #expect(html.contains("is not an asset class"))
                #expect(html.contains("<div class=\"error-summary\" role=\"alert\""), "the refusal heads the page")
            }
        }
        // Read as the overview reads it: through the feature's value source `etf:saved/mix`.
        let source = try #require(ETFAnalyzerPlugin.descriptor.valueSources.first)
        let saved = try #require(try await source.read("mix", setup.context()))
        #expect(saved.holdings.map(\.assetClass) == [.equity, .debt])
    }
}

extension ETFAssetClassPageTests {
    @Test("issue 38: a purchase after the default analysis date is refused in the form's words, not the terminal's")
    func pageWords() async throws {
        let setup = Setup()
        try await setup.application().test(.router) { client in
            let csv = """
                name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price
                VTI,0.03,1.3,10,200,2030-01-02,250
                """
            let (headers, body) = post(["csv": csv])
            try await client.execute(uri: "/etf", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("(the analysis date for rows without one, else today)"), "\(html)")
                #expect(!html.contains("--as-of"))
            }
        }
    }
}

extension ETFMarketPricesPageTests {
    @Test("/etf: a pasted CSV or JSON with \"Use market prices\" ticked is priced by the market; unticked, refused")
    func pastedWithMarketPrices() async throws {
        try await Self.marketSetup().application().test(.router) { client in
            try await client.execute(uri: "/etf", method: .get, headers: localhost) { response in
                #expect(String(buffer: response.body).contains("<input type=\"checkbox\" name=\"live\""))
            }
            let csv = """
                symbol,name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price
                VOO,Vanguard S&P 500,0.03,1.3,10,,2024-01-02,
                """
            let json = """
                [{"symbol": "VOO", "name": "Vanguard S&P 500", "expenseRatio": 0.03, "yield": 1.3, "shares": 10,
                  "purchaseDate": "2024-01-02"}]
                """
            for text in [csv, json] {
                let (headers, body) = post(["csv": text, "format": "html", "live": "on"])
                try await client.execute(uri: "/etf", method: .post, headers: headers, body: body) { response in
                    let html = String(buffer: response.body)
                    #expect(response.status == .ok, "\(html)")
                    #expect(html.contains("id=\"market-fills\""))
                    #expect(
                        html.contains("$430.00 (close of 2024-01-02)") && html.contains("$600.50 (close of 2025-11-21)")
                    )
                    #expect(html.contains("$18.10"), "10 shares × $1.81 of dividends")
                }
                let (plainHeaders, plainBody) = post(["csv": text, "format": "html"])
                try await client.execute(uri: "/etf", method: .post, headers: plainHeaders, body: plainBody) {
                    response in
                    #expect(response.status == .unprocessableContent, "without market prices an empty price is refused")
                }
            }
            let big =
                "symbol,name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price\n"
                + String(repeating: "VOO,VOO,0.03,1.3,1,,2024-01-02,\n", count: 1001)
            let (bigHeaders, bigBody) = post(["csv": big, "format": "html", "live": "on"])
            try await client.execute(uri: "/etf", method: .post, headers: bigHeaders, body: bigBody) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .unprocessableContent)
                #expect(html.contains("the portfolio has 1001 rows") && html.contains("at most 1,000 rows"))
            }
        }
    }

    @Test("/etf?saved=NAME&live=1 values a saved portfolio at the close of its analysis date, as `--saved NAME --live`")
    func savedWithMarketPrices() async throws {
        let setup = Self.marketSetup()
        try await setup.application().test(.router) { client in
            try await Self.saveMarketPortfolio(client)
            let page = "/etf?saved=market&asOf=2024-01-05&live=1"
            try await client.execute(uri: page, method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok, "\(html)")
                // Saved at the 2025-11-21 close; on 2024-01-05 the last close is 2024-01-02's.
                #expect(html.contains("id=\"market-fills\"") && html.contains("$430.00 (close of 2024-01-02)"))
                #expect(!html.contains("$6,005.00"))
                #expect(html.contains("name=\"live\" value=\"on\" checked"))
                #expect(html.contains("&amp;live=1&amp;sort=") || html.contains("&live=1&sort="), "sorting keeps it")
            }
            let cli = try await setup.cli(["analyze", "--saved", "market", "--live", "--as-of", "2024-01-05"])
            #expect(cli.contains("430.00"))
        }
    }
}

extension ETFMarketPricesPageTests {
    @Test("/api/etf/analyze?saved=NAME&live=1 is `etf analyze --saved NAME --live --format json`; a bad live is 422")
    func apiWithMarketPrices() async throws {
        let setup = Self.marketSetup()
        try await setup.application().test(.router) { client in
            try await Self.saveMarketPortfolio(client)
            let json = try await setup.cli(
                ["analyze", "--saved", "market", "--live", "--as-of", "2024-01-05", "--format", "json"])
            let uri = "/api/etf/analyze?saved=market&asOf=2024-01-05&live=1"
            try await client.execute(uri: uri, method: .get, headers: localhost) { response in
                let text = String(buffer: response.body)
                #expect(response.status == .ok, "\(text)")
                #expect(text == json)
                #expect(text.contains("\"currentPriceDate\" : \"2024-01-02\""))
                // What the market filled in has the keys the OpenAPI document declares, the required ones included.
                func object(_ value: JSONValue?, _ key: String) -> JSONValue? {
                    if case .object(let members)? = value { members[key] } else { nil }
                }
                func names(_ value: JSONValue?) -> Set<String> {
                    switch value {
                    case .object(let members)?: Set(members.keys)
                    case .array(let items)?:
                        Set(items.compactMap { if case .string(let name) = $0 { name } else { nil } })
                    default: []
                    }
                }
                let report = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
                guard case .array(let fills)? = object(report, "market"), let fill = fills.first else {
                    Issue.record("no market fills")
                    return
                }
                let document = try await client.execute(uri: "/api/openapi.json", method: .get, headers: localhost)
                let root = try JSONDecoder().decode(JSONValue.self, from: Data(String(buffer: document.body).utf8))
                let schema = [
                    "paths", "/api/etf/analyze", "get", "responses", "200", "content", "application/json",
                    "schema", "properties", "market", "items",
                ].reduce(root, object)
                #expect(names(fill).isSubset(of: names(object(schema, "properties"))))
                #expect(names(object(schema, "required")).isSubset(of: names(fill)))
                #expect(names(fill).contains("currentPrice") && !names(fill).contains("purchasePrice"))
            }
            try await client.execute(uri: "/api/etf/analyze?saved=market", method: .get, headers: localhost) {
                response in
                #expect(!String(buffer: response.body).contains("\"market\""), "as saved without live")
            }
            try await client.execute(
                uri: "/api/etf/analyze?saved=market&live=maybe", method: .get, headers: localhost
            ) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("\"field\" : \"live\""))
            }
        }
    }
}
