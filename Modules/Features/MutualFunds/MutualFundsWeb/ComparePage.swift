import Failures
import Foundation
import FeatureKit
import FeatureWeb
import Hummingbird
import MutualFunds

/// `/funds/compare?codes=…`: `funds compare` side by side. Every code typed goes to the command, so one it
/// cannot use (not a number, no such scheme) is refused with the CLI's message next to the field rather than
/// dropped without a word.
enum ComparePage {
    static func page(_ request: Request, context: WebRequestContext, environment: WebEnvironment) async -> Response {
        let query = request.uri.queryParameters
        let typed = query["codes"].map(String.init) ?? ""
        // Words, with leading dashes dropped so none reads as an option.
        let codes = typed.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map { String($0.drop { $0 == "-" }) }
            .filter { !$0.isEmpty }
        let range = query["range"].flatMap { HistoryRange(text: String($0)) } ?? .oneYear
        var table = HTML.empty
        var refusal: String?
        var status = HTTPResponse.Status.ok
        if codes.count >= 2 {
            let result = await environment.runner.run("funds", ["compare"] + codes + ["--range=\(range.rawValue)", "--format", "json"])
            if let error = result.error {
                // A dead service with nothing saved is the 503 page; a refusal belongs beside the codes.
                if error.kind == .unavailable { return environment.failurePage(error, title: "Compare funds", request: request, context: context) }
                refusal = result.fieldMessage ?? error.what
                status = WebResponses.status(for: error)
            } else {
                table += result.warningLines.html { Components.notice($0, kind: "warning") }
                let rows = JSONRead.decode([CompareRowView].self, result.output) ?? []
                table += Components.table(
                    headers: ["Fund", "NAV", "Date", "1Y", "3Y CAGR", "5Y CAGR", "\(range.rawValue) return", "Volatility", "Max drawdown", "Sharpe"],
                    numeric: [1, 3, 4, 5, 6, 7, 8, 9],
                    rows: rows.map { row in
                        ["<a href=\"/funds/\(row.code)\">\(row.name)</a>", "\(FundText.nav(row.nav))", "\(row.navDate)",
                         "\(FundText.percent(row.return1Y))", "\(FundText.percent(row.cagr3Y))", "\(FundText.percent(row.cagr5Y))",
                         "\(FundText.percent(row.rangeReturn))", "\(FundText.percent(row.volatility))",
                         "\(FundText.percent(row.maxDrawdown))", "\(row.sharpe.map { String(format: "%.2f", $0) } ?? "n/a")"]
                    }, id: "compare")
            }
        } else if !codes.isEmpty {
            refusal = "Give at least two scheme codes."
            status = .unprocessableContent
        }
        let content: HTML = """
            <form method="get" action="/funds/compare" class="form">\
            \(Components.field("codes", label: "Scheme codes (comma-separated)", value: typed, error: refusal, placeholder: "122639,120505"))\
            \(Components.select("range", label: "Range", options: HistoryRange.allCases.map { (value: $0.rawValue, title: $0.rawValue) }, selected: range.rawValue))\
            <button type="submit">Compare</button></form>
            """
        return environment.page("Compare funds", request: request, context: context, status: status, content: content + table)
    }
}
