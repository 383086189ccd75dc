import ETFAnalyzer
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import Timing

/// The ETF page: upload a CSV file (a plain multipart form: no script needed), paste one, or pick a saved
/// portfolio; the report (`folio etf analyze … --format json`) with its allocation chart, and the report as
/// Markdown, CSV or JSON downloads, each exactly what `analyze --format …` writes.
public enum ETFAnalyzerWeb {
    /// The feature's web face, listed in the host's web registry.
    public static let feature = WebFeature(
        id: "etf", navigation: NavigationEntry(title: "ETFs", path: "/etf"),
        openAPIPaths: ETFOpenAPI.paths,
        routes: { router, environment in
            router.get("/api/etf/analyze") { request, _ in await AnalyzeAPI(environment: environment).response(request)
            }
            router.get("/etf") { request, context in
                // `/etf?saved=NAME[&asOf=DATE][&live=1]`: a saved portfolio's report at an address of its own
                // (reading changes nothing, so it can be a link or a bookmark), at the market's prices with `live`.
                let query = request.uri.queryParameters
                guard let saved = query["saved"].map(String.init), !saved.isEmpty else {
                    return await ETFReportPage(environment: environment).page(
                        request, context: context, form: ETFReportPage.ReportForm(), report: nil)
                }
                let form = ETFReportPage.ReportForm(
                    saved: saved, asOf: query["asOf"].map(String.init) ?? "",
                    live: ["1", "on", "true"].contains(query["live"].map(String.init) ?? ""))
                return await ETFReportPage(environment: environment).analyze(
                    form, format: nil, request: request, context: context)
            }
            router.post("/etf", use: ETFReportPage(environment: environment).report)
            router.get("/etf/new") { request, context in
                NewPortfolioPage(environment: environment).show(request, context: context)
            }
            router.post("/etf/new", use: NewPortfolioPage(environment: environment).create)
            router.get("/etf/template", use: NewPortfolioPage(environment: environment).template)
            router.get("/etf/saved", use: SavedPortfoliosPage(environment: environment).show)
            router.post("/etf/saved/delete", use: SavedPortfoliosPage(environment: environment).delete)
        })
}
