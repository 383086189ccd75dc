import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import NetWorth

/// `GET /networth/chart.svg`: the SVG `chart [NAME] --svg FILE` writes, as a download. `account` = the account
/// (omit for net worth), `breakdown=1` = `--breakdown` (assets and debts too), `from`/`to` = YYYY-MM-DD, and the
/// summary's pension/mortgage toggles. A refusal, or nothing to draw, is problem details.
struct ChartDownload {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func svg(_ request: Request) async -> Response {
        do {
            let query = request.uri.queryParameters
            let account = query["account"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
            let chart = try await ChartService(NetWorthWeb.dependencies(environment)).chart(
                account: account, from: try NetWorthWeb.day(query["from"], "from"),
                to: try NetWorthWeb.day(query["to"], "to"), breakdown: query["breakdown"].map { !$0.isEmpty } ?? false,
                inclusion: InclusionOverride(request))
            guard !chart.isEmpty else {
                throw FolioError(
                    .notFound, "nothing to chart",
                    why:
                        "\(account == nil ? "no counted account has" : "\"\(chart.title)\" has") balance updates in that range"
                )
            }
            return WebResponses.download(
                Self.document(chart), contentType: "image/svg+xml; charset=utf-8",
                fileName: account == nil ? "networth.svg" : "networth-account.svg")
        } catch {
            return WebResponses.problem(FolioError.from(error))
        }
    }

    /// The chart drawn by FeatureKit's `SVGChart`, labelled in whole units of its currency as the command draws it.
    static func document(_ chart: ChartLines) -> String {
        let currency = chart.currency
        return SVGChart.dated(
            series: chart.lines.map { line in
                ChartSeries(
                    name: line.name, points: line.points.map { ChartPoint(date: $0.date, y: $0.value.doubleValue) })
            },
            title: chart.title,
            yLabel: { NumberFormat.money(Amount($0, places: 0) ?? .zero, currency: currency, fractionDigits: 0) }
        ).render()
    }
}
