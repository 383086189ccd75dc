import Foundation
import FeatureKit
import FeatureWeb
import Hummingbird
import MutualFunds

/// `/funds/compare?codes=…`: `funds compare` side by side.
enum ComparePage {
    static func page(_ request: Request, context: WebRequestContext, environment: WebEnvironment) async -> Response {
        let query = request.uri.queryParameters
        let codes = (query["codes"].map(String.init) ?? "").split(whereSeparator: { $0 == "," || $0 == " " })
            .map(String.init).filter { $0.allSatisfy(\.isNumber) }
        let range = query["range"].flatMap { HistoryRange(text: String($0)) } ?? .oneYear
        var content: HTML = """
            <form method="get" action="/funds/compare" class="form">\
            \(Components.field("codes", label: "Scheme codes (comma-separated)", value: codes.joined(separator: ","), placeholder: "122639,120505"))\
            \(Components.select("range", label: "Range", options: HistoryRange.allCases.map { (value: $0.rawValue, title: $0.rawValue) }, selected: range.rawValue))\
            <button type="submit">Compare</button></form>
            """
        if codes.count >= 2 {
            let result = await environment.runner.run("funds", ["compare"] + codes + ["--range=\(range.rawValue)", "--format", "json"])
            if let error = result.error {
                return environment.failurePage(error, title: "Compare funds", request: request, context: context)
            }
            content += result.warningLines.html { Components.notice($0, kind: "warning") }
            let rows = JSONRead.decode([CompareRowView].self, result.output) ?? []
            content += Components.table(
                headers: ["Fund", "NAV", "Date", "1Y", "3Y CAGR", "5Y CAGR", "\(range.rawValue) return", "Volatility", "Max drawdown", "Sharpe"],
                numeric: [1, 3, 4, 5, 6, 7, 8, 9],
                rows: rows.map { row in
                    ["<a href=\"/funds/\(row.code)\">\(row.name)</a>", "\(FundText.nav(row.nav))", "\(row.navDate)",
                     "\(FundText.percent(row.return1Y))", "\(FundText.percent(row.cagr3Y))", "\(FundText.percent(row.cagr5Y))",
                     "\(FundText.percent(row.rangeReturn))", "\(FundText.percent(row.volatility))",
                     "\(FundText.percent(row.maxDrawdown))", "\(row.sharpe.map { String(format: "%.2f", $0) } ?? "n/a")"]
                }, id: "compare")
        } else if !codes.isEmpty {
            content += Components.notice("Give at least two scheme codes.", kind: "warning")
        }
        return environment.page("Compare funds", request: request, context: context, content: content)
    }
}
