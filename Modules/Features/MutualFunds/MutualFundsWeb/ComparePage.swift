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
struct ComparePage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func page(_ request: Request, context: WebRequestContext) async -> Response {
        let query = FormQuery(request)
        // Typed as one list (`codes=122639,120505`) or ticked in the search results (`codes=…&codes=…`).
        let typed = query.all("codes").filter { !$0.isEmpty }.joined(separator: ",")
        let rangeText = query["range"]
        var range = HistoryRange.oneYear
        var refusal: FolioError?
        var table = HTML.empty
        do {
            if let rangeText {
                range = try Choices.parse(rangeText, as: HistoryRange.self, field: "range", what: "range")
            }
            let codes = try Self.codes(typed)
            if !codes.isEmpty {
                let report = try await FundsWebService.make(environment).compareEach(codes: codes, range: range)
                // Nothing comparable because the service is down is the 503 page, as a failed fetch is elsewhere.
                if report.rows.isEmpty, let first = report.failures.first, first.error.kind == .unavailable {
                    throw first.error
                }
                table = Self.failures(report)
                // Fewer than two to show is refused as `funds compare` refuses it, each reason listed.
                if report.rows.count < 2, let refusal = report.refusal { throw refusal }
                table += Self.rows(report, range: range, now: environment.timing.now())
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
            "Compare funds", request: request, context: context, status: status, scripts: [CompareChart.scriptPath],
            content: content + table)
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

    /// Each scheme that could not be compared, with why, above what could.
    static func failures(_ report: CompareReport) -> HTML {
        guard !report.failures.isEmpty else { return .empty }
        let items = report.failures.html { failure in
            "<li><strong>\(failure.code)</strong>: \(failure.error.what)\(failure.error.why.map { " (\($0))" } ?? "")</li>"
        }
        let count = report.failures.count
        return
            "<div class=\"notice warning\" role=\"status\">\(count == 1 ? "One scheme" : "\(count) schemes") could not be compared:<ul id=\"compare-failures\">\(items)</ul></div>"
    }

    static func rows(_ report: CompareReport, range: HistoryRange, now: Date) -> HTML {
        guard !report.rows.isEmpty else { return .empty }
        var html = report.histories.html {
            FundsStale.notice($0.freshness, what: "NAV history of \($0.value.code)", now: now)
        }
        // The range's return is the 1Y column itself over 1Y; its CAGR columns say the 3Y and 5Y.
        let rangeColumn = range != .oneYear
        var headers: [String] = ["Fund", "NAV", "Date", "1Y", "3Y CAGR", "5Y CAGR"]
        if rangeColumn { headers.append("\(range.rawValue == "MAX" ? "Since launch" : range.rawValue) return") }
        headers += ["Volatility", "Max drawdown (\(range.rawValue))", "Sharpe"]
        html += Components.table(
            headers: headers, numeric: Set(1..<headers.count).subtracting([2]),
            rows: report.rows.map { row in
                var cells: [HTML] = [
                    "<a href=\"/funds/\(row.code)\">\(row.name)</a>", "\(FundText.nav(row.nav))", "\(row.navDate)",
                    "\(FundText.percent(row.return1Y))", "\(FundText.percent(row.cagr3Y))",
                    "\(FundText.percent(row.cagr5Y))",
                ]
                if rangeColumn { cells.append("\(FundText.percent(row.rangeReturn))") }
                return cells + [
                    "\(FundText.percent(row.volatility))", "\(FundText.percent(row.maxDrawdown))",
                    "\(row.sharpe.map { String(format: "%.2f", $0) } ?? "n/a")",
                ]
            }, id: "compare")
        html += report.rows.html { row in
            row.notes.map { Components.notice("\(row.name) (\(row.code)): n/a \($0)") } ?? .empty
        }
        guard report.rows.count > 1 else { return html }
        if let rebased = RebasedNAVs(report.histories.map(\.value), range: range) {
            html += "<h2>₹100 invested</h2>" + CompareChart(rebased: rebased, range: range).figure()
        } else {
            html += Components.notice("No chart: the schemes' NAVs over \(range.rawValue) share no common period.")
        }
        return html
    }
}
