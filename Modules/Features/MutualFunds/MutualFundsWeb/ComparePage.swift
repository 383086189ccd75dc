import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import MutualFunds
import Timing

/// `/funds/compare?codes=…&range=…`: schemes side by side, from ``MutualFunds/FundsService/compare``. Every code
/// typed is used, so one that cannot be (not a number, no such scheme) is refused beside the field rather than
/// dropped without a word; an unknown range is refused beside its control.
enum ComparePage {
    static func page(_ request: Request, context: WebRequestContext, environment: WebEnvironment) async -> Response {
        let query = request.uri.queryParameters
        // Typed as one list (`codes=122639,120505`) or ticked in the search results (`codes=…&codes=…`).
        let typed = query.getAll("codes").joined(separator: ",")
        let rangeText = query["range"].map(String.init)
        var range = HistoryRange.oneYear
        var refusal: FolioError?
        var table = HTML.empty
        do {
            if let rangeText {
                range = try Choices.parse(rangeText, as: HistoryRange.self, field: "range", what: "range")
            }
            let codes = try codes(typed)
            if !codes.isEmpty {
                let report = try await FundsWebService.make(environment).compare(codes: codes, range: range)
                table = rows(report, range: range, now: environment.timing.now())
            }
        } catch {
            let error = FolioError.from(error)
            // A dead service with nothing saved is the 503 page; a refusal belongs beside its field.
            guard error.field != nil else {
                return environment.failurePage(error, title: "Compare funds", request: request, context: context)
            }
            refusal = error
        }
        func message(_ field: String) -> String? { refusal?.field == field ? refusal?.what : nil }
        let rangeMessage: HTML =
            message("range").map {
                "<span class=\"field-error\" id=\"range-error\">\($0) (\(refusal?.why ?? ""))</span>"
            } ?? .empty
        let content: HTML = """
            <form method="get" action="/funds/compare" class="form">\
            \(Components.field("codes", label: "Scheme codes (comma-separated)", value: typed, error: message("codes"), placeholder: "122639,120505"))\
            \(Components.select("range", label: "Range", options: HistoryRange.allCases.map { (value: $0.rawValue, title: $0.rawValue) }, selected: range.rawValue))\(rangeMessage)\
            <button type="submit">Compare</button></form>
            """
        let status: HTTPResponse.Status = refusal.map(WebResponses.status(for:)) ?? .ok
        return environment.page(
            "Compare funds", request: request, context: context, status: status, content: content + table)
    }

    /// The codes typed, separated by commas or spaces; none is nothing to compare yet.
    /// - Throws: ``FolioError`` (invalid, blaming `codes`) for a word that is not a code, or a single code.
    static func codes(_ typed: String) throws -> [Int] {
        let words = typed.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        let codes = try words.map { word in
            guard word.count <= 9, word.allSatisfy(\.isASCII), let code = Int(word), code > 0 else {
                throw FolioError(
                    .invalid, "\"\(word)\" is not a scheme code", why: "scheme codes are numbers like 122639",
                    field: "codes")
            }
            return code
        }
        if codes.count == 1 { throw FolioError(.invalid, "Give at least two scheme codes.", field: "codes") }
        return codes
    }

    static func rows(_ report: CompareReport, range: HistoryRange, now: Date) -> HTML {
        var html = report.histories.html {
            FundsStale.notice($0.freshness, what: "NAV history of \($0.value.code)", now: now)
        }
        html += Components.table(
            headers: [
                "Fund", "NAV", "Date", "1Y", "3Y CAGR", "5Y CAGR", "\(range.rawValue) return", "Volatility",
                "Max drawdown", "Sharpe",
            ],
            numeric: [1, 3, 4, 5, 6, 7, 8, 9],
            rows: report.rows.map { row in
                [
                    "<a href=\"/funds/\(row.code)\">\(row.name)</a>", "\(FundText.nav(row.nav))", "\(row.navDate)",
                    "\(FundText.percent(row.return1Y))", "\(FundText.percent(row.cagr3Y))",
                    "\(FundText.percent(row.cagr5Y))",
                    "\(FundText.percent(row.rangeReturn))", "\(FundText.percent(row.volatility))",
                    "\(FundText.percent(row.maxDrawdown))", "\(row.sharpe.map { String(format: "%.2f", $0) } ?? "n/a")",
                ]
            }, id: "compare")
        return html
    }
}
