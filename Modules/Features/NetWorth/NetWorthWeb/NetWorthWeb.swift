import Caching
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import NetWorth
import Timing

/// The net-worth pages: `/networth` (summary with the pension/mortgage toggles, accounts with per-account
/// exclusion and removal, the update, add-account and rate forms, the monthly chart) and `/api/networth/summary`, all calling the domain's services
/// with the feature's context, as the terminal commands do.
public enum NetWorthWeb {
    /// The feature's web face, listed in the host's web registry.
    public static let feature = WebFeature(
        id: "networth", navigation: NavigationEntry(title: "Net worth", path: "/networth"),
        openAPIPaths: [
            "/api/networth/summary": .openAPIGet(
                "The summary, as `folio networth summary --format json`. `pension`/`mortgage` = `include` or "
                    + "`exclude` override the saved toggles; `asOf` = YYYY-MM-DD (default today).",
                query: ["pension", "mortgage", "asOf"], response: NetWorthSchema.summary),
            "/api/networth/accounts": .openAPIGet(
                "Every account with its source, as `folio networth accounts list --format json`.",
                response: OpenAPISchema.array(NetWorthSchema.listing)),
            "/api/networth/history": .openAPIGet(
                "An account's balance updates, as `folio networth history ACCOUNT --format json`. `account` = the "
                    + "account's name (any case); `from`/`to` = YYYY-MM-DD.",
                query: ["account", "from", "to"], response: OpenAPISchema.array(NetWorthSchema.historyEntry)),
            "/api/networth/report": .openAPIGet(
                "Net worth at each period end, as `folio networth report --format json`: the fixed keys then one per "
                    + "counted account (a name equal to a fixed key gets ` (account)`). `period` = `monthly` (default) "
                    + "or `yearly`; `from`/`to` = YYYY-MM-DD or YYYY-MM; `pension`/`mortgage` = `include` or `exclude`.",
                query: ["period", "from", "to", "pension", "mortgage"],
                response: OpenAPISchema.array(NetWorthSchema.reportRow)),
            "/api/networth/rates": .openAPIGet(
                "The exchange rates, as `folio networth rate list --format json`. `currency` = only this currency.",
                query: ["currency"], response: OpenAPISchema.array(NetWorthSchema.rate)),
            "/api/networth/settings": .openAPIGet(
                "The saved toggles and base currency, as `folio networth settings --format json`.",
                response: NetWorthSchema.settings),
        ],
        dashboard: { environment, _ in await NetWorthPage.dashboardCard(environment) },
        routes: { router, environment in
            router.get("/networth") { request, context in
                await NetWorthPage(environment: environment).render(request, context: context)
            }
            router.post("/networth/update", use: NetWorthForms(environment: environment).update)
            router.post("/networth/accounts/exclude") { request, context in
                try await NetWorthForms(environment: environment).setIncluded(false, request, context: context)
            }
            router.post("/networth/accounts/include") { request, context in
                try await NetWorthForms(environment: environment).setIncluded(true, request, context: context)
            }
            router.post("/networth/accounts/add", use: AccountForms(environment: environment).add)
            router.post("/networth/accounts/remove", use: AccountForms(environment: environment).remove)
            router.post("/networth/accounts/link", use: LinkForms(environment: environment).link)
            router.post("/networth/accounts/follow", use: LinkForms(environment: environment).follow)
            router.post("/networth/accounts/unlink", use: LinkForms(environment: environment).unlink)
            router.post("/networth/rates/set", use: AccountForms(environment: environment).setRate)
            router.get("/networth/accounts", use: AccountsPage(environment: environment).render)
            router.get("/networth/account") { request, context in
                await AccountPage(environment: environment).render(request, context: context)
            }
            router.post("/networth/update/remove", use: UpdateRemoval(environment: environment).remove)
            router.post("/networth/accounts/rename", use: AccountEditForms(environment: environment).rename)
            router.post("/networth/accounts/note", use: AccountEditForms(environment: environment).note)
            router.get("/networth/rates") { request, context in
                await RatesPage(environment: environment).render(request, context: context)
            }
            router.post("/networth/rates/remove", use: RatesPage(environment: environment).remove)
            router.get("/networth/report", use: ReportPage(environment: environment).render)
            router.get("/networth/chart.svg") { request, _ in
                await ChartDownload(environment: environment).svg(request)
            }
            router.get("/networth/report.csv") { request, _ in
                await ReportPage(environment: environment).download(request)
            }
            router.get("/networth/import") { request, context in
                ImportPage(environment: environment).render(request, context: context)
            }
            router.post("/networth/import", use: ImportPage(environment: environment).upload)
            router.get("/networth/settings") { request, context in
                await SettingsPage(environment: environment).render(request, context: context)
            }
            router.post("/networth/settings", use: SettingsPage(environment: environment).save)
            router.post("/networth/sync") { _, _ in
                await LinkForms(environment: environment).sync()
            }
            router.post("/networth/sample") { _, _ in
                await NetWorthForms(environment: environment).loadSample()
            }
            router.get("/api/networth/summary") { request, _ in
                await answer {
                    try await SummaryService(dependencies(environment)).summary(
                        asOf: day(request.uri.queryParameters["asOf"], "asOf"), inclusion: InclusionOverride(request))
                }
            }
            router.get("/api/networth/accounts") { _, _ in
                await answer { try await AccountService(dependencies(environment)).listings() }
            }
            router.get("/api/networth/report") { request, _ in
                await answer { try await ReportPage(environment: environment).report(request).jsonRows }
            }
            router.get("/api/networth/rates") { request, _ in
                await answer {
                    let currency = request.uri.queryParameters["currency"].map(String.init) ?? ""
                    let code: String?
                    do {
                        code = currency.isEmpty ? nil : try CurrencyCode.validate(currency)
                    } catch let error as NetWorthError {
                        throw FolioError(error).blaming("currency")
                    }
                    return try await RateService(dependencies(environment)).list(code).rates.map(RateRow.init)
                }
            }
            router.get("/api/networth/settings") { _, _ in
                await answer { SettingsRow(try await RateService(dependencies(environment)).settings()) }
            }
            router.get("/api/networth/history") { request, _ in
                await answer {
                    let query = request.uri.queryParameters
                    return try await HistoryService(dependencies(environment)).history(
                        of: query["account"].map(String.init) ?? "", from: try day(query["from"], "from"),
                        to: try day(query["to"], "to")
                    ).rows
                }
            }
        }
    ).running([
        // Linked accounts' values are recorded at most once an hour: enough for history, never a write per view.
        BackgroundJob(name: "networth sync", interval: .seconds(3600)) { environment in
            _ = try await SyncService(dependencies(environment, waiting: true)).sync()
        }
    ])

    /// The links between the net-worth pages, at the top of each.
    static let subnavigation: HTML = """
        <nav class="ranges" aria-label="Net worth pages"><a href="/networth">Summary</a><a href="/networth/accounts">Accounts</a>\
        <a href="/networth/report">Report</a><a href="/networth/rates">Exchange rates</a><a href="/networth/import">Import</a>\
        <a href="/networth/settings">Settings</a></nav>
        """

    /// The services' dependencies from the feature's context.
    /// - Throws: ``FolioError`` (unavailable) when the host has no networth context (the feature is disabled).
    /// - Parameter waiting: Whether a source's reading may take longer than the page deadline (a background sync).
    static func dependencies(
        _ environment: WebEnvironment, waiting: Bool = false
    ) throws(FolioError)
        -> NetWorthDependencies
    {
        guard let context = environment.featureContext else {
            throw FolioError(.unavailable, "net worth is not available", why: "the feature is disabled")
        }
        return NetWorthDependencies(
            store: context.store, timing: context.timing, decoded: environment.pagePolicy.decoded,
            sources: SourceDeadline.sources(
                context.valueSources, deadline: waiting ? nil : environment.pagePolicy.deadline,
                clock: context.timing.clock))
    }

    /// A GET /api route's answer: the report value itself, or its refusal as problem details.
    static func answer<Report: Encodable>(_ report: () async throws -> Report) async -> Response {
        do {
            return WebResponses.json(encoding: try await report())
        } catch {
            return WebResponses.problem(FolioError.from(error))
        }
    }

    /// A date query parameter, by FeatureKit's one rule, blamed on its name.
    static func day(_ text: Substring?, _ name: String) throws(FolioError) -> CalendarDate? {
        guard let text, !text.isEmpty else { return nil }
        do {
            return try DateArgument.parse(String(text), option: name)
        } catch {
            throw error.blaming(name)
        }
    }

    /// A report bound, `YYYY-MM-DD` or a whole month `YYYY-MM` (its first day, or its last when `end`), by the same
    /// FeatureKit rule as the command's `--from`/`--to`, blamed on its name.
    static func dayOrMonth(_ text: Substring?, _ name: String, end: Bool) throws(FolioError) -> CalendarDate? {
        guard let text, !text.isEmpty else { return nil }
        do {
            return try DateArgument.parse(String(text), option: name, accepting: [.day, .month], monthEnd: end)
        } catch {
            throw error.blaming(name)
        }
    }
}
