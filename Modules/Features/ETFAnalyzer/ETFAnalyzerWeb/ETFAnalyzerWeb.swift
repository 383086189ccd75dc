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

/// The report page: `/etf` with the form, a saved portfolio's report at `/etf?saved=NAME`, and the report posted
/// back as a page or a download.
struct ETFReportPage {
    /// The server's environment, scoped to this feature.
    let environment: WebEnvironment

    struct ReportForm: Sendable {
        var csv = ""
        var saved = ""
        var asOf = ""
        /// The name to save the portfolio under, and whether that may replace one saved before.
        var saveAs = ""
        var replace = false
        /// Fill empty prices from the market ("Use market prices"); a saved portfolio is valued at the market's
        /// closes, as `etf analyze --saved NAME --live` values it.
        var live = false
        var errors: [String: String] = [:]
    }

    func page(
        _ request: Request, context: WebRequestContext, form: ReportForm, report: HTML?,
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        let saved = await Self.savedPortfolios(environment)
        var fields = HTML.empty
        if !saved.isEmpty {
            fields += Components.select(
                "saved", label: "Saved portfolio",
                options: [(value: "", title: "— paste below instead —")]
                    + saved.map { (value: $0.name, title: $0.name) },
                selected: form.saved)
        }
        let csvError = Components.fieldError(form.errors["csv"], for: "csv")
        fields += """
            <label class="field wide"><span>Portfolio CSV (name, expense_ratio, yield, shares, purchase_price, purchase_date, current_price[, analysis_date])</span>\
            <textarea name="csv" id="csv" spellcheck="false"\(form.errors["csv"] == nil ? .empty : HTML(raw: " aria-invalid=\"true\" aria-describedby=\"csv-error\""))>\(form.csv)</textarea>\(csvError)</label>\
            <label class="field"><span>Or upload a CSV file (up to \(WebLimits.maxBodyBytes / 1024) KB; used instead of the box)</span>\
            <input type="file" name="file" accept=".csv,text/csv"></label>
            """
        fields += Components.field(
            "asOf", label: "Analysis date (default today)", value: form.asOf, error: form.errors["asOf"], type: "date")
        fields += Components.checkbox(
            "live",
            label:
                "Use market prices: empty prices of rows with a symbol are the market's closes, and a saved portfolio is valued at the close of the analysis date",
            checked: form.live)
        fields += """
            <button type="submit" name="format" value="html">Analyze</button>\
            <button type="submit" name="format" value="markdown" class="secondary">Markdown</button>\
            <button type="submit" name="format" value="csv" class="secondary">CSV</button>\
            <button type="submit" name="format" value="json" class="secondary">JSON</button>
            """
        fields += "<h2 id=\"save\">Save for later</h2>"
        fields += Components.field(
            "saveAs", label: "Name", value: form.saveAs, error: form.errors["saveAs"], placeholder: "core")
        fields += Components.checkbox("replace", label: "Replace a portfolio of that name", checked: form.replace)
        fields += "<button type=\"submit\" name=\"format\" value=\"save\" class=\"secondary\">Save</button>"
        var content = Components.postForm(action: "/etf", csrf: context.csrfToken, multipart: true, fields)
        content +=
            "<p><a href=\"/etf/saved\">Saved portfolios</a> (\(saved.count)) · <a href=\"/etf/new\">New portfolio, or the template file</a></p>"
            + (report ?? .empty)
        return environment.page("ETF portfolio", request: request, context: context, status: status, content: content)
    }

    /// The saved portfolios to pick from; none when the store cannot be read (the page still takes a paste).
    static func savedPortfolios(_ environment: WebEnvironment) async -> [SavedPortfolioSummary] {
        guard let context = environment.featureContext else { return [] }
        return (try? await PortfolioAnalysisService(store: context.store, timing: context.timing).list()) ?? []
    }

    func report(
        _ request: Request, context: WebRequestContext
    ) async throws -> Response {
        let fields = try await ReportFields.read(request, context: context)
        var form = ReportForm(
            csv: fields.csv, saved: fields["saved"] ?? "", asOf: fields["asOf"] ?? "", saveAs: fields["saveAs"] ?? "",
            replace: fields["replace"] != nil, live: fields["live"] != nil)
        if let upload = fields.upload {
            guard let text = upload.text else {
                form.errors["csv"] =
                    "\(upload.fileName.isEmpty ? "the file" : "\"\(upload.fileName)\"") is not UTF-8 text — upload the portfolio as a CSV file"
                return await page(
                    request, context: context, form: form, report: nil,
                    status: .unprocessableContent)
            }
            // The uploaded file is what gets analysed, and it is shown in the box, so a refusal points at what was read.
            form.csv = text
        }
        if fields["format"] == "save" {
            let source = fields.upload.map { $0.fileName.isEmpty ? "an upload" : $0.fileName } ?? "a pasted portfolio"
            return await SavedPortfoliosPage(environment: environment).save(
                form, source: source, request: request, context: context)
        }
        let format = fields["format"].flatMap { ["markdown", "csv", "json"].contains($0) ? $0 : nil }
        return await analyze(form, format: format, request: request, context: context)
    }

    /// Analyses the form's portfolio through ``PortfolioAnalysisService``: the report page (`format` nil) or a
    /// download, each rendered from the same ``PortfolioReport`` the terminal renders.
    func analyze(
        _ form: ReportForm, format: String?, request: Request, context: WebRequestContext
    ) async -> Response {
        let analysis: (report: PortfolioReport, warnings: [String])
        do {
            analysis = try await report(of: form)
        } catch {
            var failed = form
            let refusal = AnalyzeAPI.refusal(error, blaming: "csv")
            // The form shows a refusal beside the input it blames; a saved name's refusal sits by the box, the
            // one message slot next to the portfolio's inputs.
            failed.errors[refusal.field == "asOf" ? "asOf" : "csv"] = Self.pageLine(refusal)
            return await page(
                request, context: context, form: failed, report: nil,
                status: WebResponses.status(for: refusal))
        }
        let report = analysis.report
        switch format {
        case "markdown":
            let text = ReportExport.markdown(report, currencySymbol: NumberFormat.currencySymbol(report.currency))
            return WebResponses.download(text, contentType: "text/markdown; charset=utf-8", fileName: "etf-report.md")
        case "csv":
            return WebResponses.download(
                ReportExport.csv(report), contentType: "text/csv; charset=utf-8", fileName: "etf-report.csv")
        case "json":
            var response = WebResponses.json(encoding: report)
            if response.status == .ok {
                response.headers[.contentDisposition] = "attachment; filename=\"etf-report.json\""
            }
            return response
        default:
            let warnings = analysis.warnings.html { Components.notice($0, kind: "warning") }
            // A saved portfolio's report has an address (`/etf?saved=NAME`), so its table sorts by links.
            let address: ((String) -> String)? =
                request.method == .get && !form.saved.isEmpty
                ? { query in
                    let saved = form.saved.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                    return "/etf?saved=\(saved)" + (form.asOf.isEmpty ? "" : "&asOf=\(form.asOf)")
                        + (form.live ? "&live=1" : "") + "&\(query)"
                } : nil
            let sort = request.uri.queryParameters["sort"].map(String.init)
            return await page(
                request, context: context, form: form,
                report: warnings + Self.render(report, sort: sort, link: address))
        }
    }

    /// The form's report and the reader's warnings: the saved portfolio when one is picked, else the pasted or
    /// uploaded text (CSV or JSON, told apart by its first character).
    /// - Throws: what ``AnalyzeAPI/refusal(_:blaming:)`` turns into the refusal the form shows.
    func report(
        of form: ReportForm
    ) async throws -> (report: PortfolioReport, warnings: [String]) {
        let asOf = try AnalyzeAPI.date(form.asOf)
        guard let context = environment.featureContext else {
            throw FolioError(.unavailable, "the etf feature is disabled")
        }
        let service = PortfolioAnalysisService(store: context.store, timing: context.timing)
        if !form.saved.isEmpty, form.live {
            return try await Self.savedLiveReport(form.saved, asOf: asOf, context: context, service: service)
        }
        if !form.saved.isEmpty { return (try await service.analyze(saved: form.saved, asOf: asOf), []) }
        if form.live { return try await Self.liveReport(of: form, asOf: asOf, context: context, service: service) }
        let document = try PortfolioText.document(form.csv, defaultAnalysisDate: asOf)
        guard document.holdings.count <= PortfolioText.maximumRows else {
            throw PortfolioText.tooManyRows(document.holdings.count)
        }
        do {
            return (try service.analyze(document.holdings, asOf: asOf), document.warnings)
        } catch let error as PortfolioInputError {
            // Rows that pass the reader but not the date rule at today's date: the rows are what to fix.
            throw PortfolioText.Refusal(issues: error.issues)
        }
    }

    /// The report of rows whose empty prices are filled from the market, as `etf analyze --live` makes it.
    static func liveReport(
        of form: ReportForm, asOf: CalendarDate?, context: FeatureContext, service: PortfolioAnalysisService
    ) async throws -> (report: PortfolioReport, warnings: [String]) {
        let (document, fills) = try await liveDocument(of: form, asOf: asOf, context: context)
        do {
            var report = try service.analyze(document.holdings, asOf: asOf)
            report.market = fills
            return (report, document.warnings)
        } catch let error as PortfolioInputError {
            throw PortfolioText.Refusal(issues: error.issues)
        }
    }

    /// The saved portfolio `name` at the market's prices, as `etf analyze --saved NAME --live` values it.
    static func savedLiveReport(
        _ name: String, asOf: CalendarDate?, context: FeatureContext, service: PortfolioAnalysisService
    ) async throws -> (report: PortfolioReport, warnings: [String]) {
        guard let market = context.marketData else { throw noMarket }
        do {
            return (try await service.analyze(saved: name, asOf: asOf, market: market), [])
        } catch let error as PortfolioInputError {
            throw PortfolioText.Refusal(issues: error.issues)
        }
    }

    /// The form's rows with their empty prices filled from the market (the closes on their purchase and analysis
    /// dates, `asOf` or today for rows without their own), and what was filled: for the report and for saving.
    static func liveDocument(
        of form: ReportForm, asOf: CalendarDate?, context: FeatureContext
    ) async throws -> (document: PortfolioDocument, fills: [MarketFill]) {
        guard let market = context.marketData else { throw noMarket }
        let date = asOf ?? CalendarDate(context.timing.now(), in: .current)
        do {
            if PortfolioFormat.detect(path: nil, text: form.csv) == .json {
                return try await LivePrices.read(
                    json: form.csv, market: market, analysisDate: date, maximumRows: PortfolioText.maximumRows)
            }
            let (filled, fills) = try await LivePrices.fill(
                try PortfolioReader.table(csv: form.csv), market: market, analysisDate: date,
                maximumRows: PortfolioText.maximumRows)
            return (try PortfolioReader.read(filled, defaultAnalysisDate: date), fills)
        } catch let error as PortfolioInputError {
            throw PortfolioText.Refusal(issues: error.issues)
        } catch let error as LivePrices.TooManyRows {
            throw PortfolioText.tooManyRows(error.count)
        }
    }

    /// The refusal when the host gave no market data, which market prices need.
    static let noMarket = FolioError(
        .unavailable, "no market prices", why: "the server has no market data for the etf feature")

    /// What the market filled in, each with its day and provider, and the dividends paid beside the yield's income.
    static func marketFills(_ report: PortfolioReport, text: ReportText) -> HTML {
        guard !report.market.isEmpty else { return .empty }
        let rows: [[HTML]] = report.market.compactMap { fill in
            guard fill.row - 1 < report.etfs.count else { return nil }
            let etf = report.etfs[fill.row - 1]
            let bought =
                fill.purchasePrice.map { "\(text.price($0)) (close of \(fill.purchasePriceDate?.iso8601 ?? ""))" }
                ?? "typed"
            let now =
                fill.currentPrice.map { "\(text.price($0)) (close of \(fill.currentPriceDate?.iso8601 ?? ""))" }
                ?? "typed"
            return [
                "\(etf.holding.name)", "\(fill.symbol)", "\(bought)", "\(now)", "\(text.money(fill.dividendIncome))",
                "\(text.money(etf.yieldIncome))", "\(fill.provider)\(fill.stale ? " (stale)" : "")",
            ]
        }
        return "<h2 id=\"market-data\">Market data</h2>"
            + Components.table(
                caption: "Empty prices filled from the market; typed prices win",
                headers: [
                    "ETF", "Symbol", "Purchase price", "Current price", "Dividends paid", "Yield income", "From",
                ],
                numeric: [4, 5], rows: rows, id: "market-fills")
    }

    /// A refusal as the form shows it: the reader's rules name the terminal's `--as-of` where the form has its
    /// analysis date field.
    static func pageLine(_ refusal: FolioError) -> String {
        refusal.line.replacingOccurrences(
            of: "(--as-of, else today)", with: "(the analysis date for rows without one, else today)")
    }

    /// The report table's columns, each sorting by its heading's link.
    static let columns: [TableColumn<ETFAnalysis>] = [
        TableColumn("ETF", key: "name") { $0.holding.name < $1.holding.name },
        TableColumn("Days", key: "days", numeric: true) { $0.daysHeld < $1.daysHeld },
        TableColumn("Invested", key: "invested", numeric: true) { $0.initialInvestment < $1.initialInvestment },
        TableColumn("Value", key: "value", numeric: true) { $0.currentValue < $1.currentValue },
        TableColumn("Net return", key: "net", numeric: true) { $0.netReturn < $1.netReturn },
        TableColumn("Return", key: "return", numeric: true) { $0.totalReturn < $1.totalReturn },
        TableColumn("Annualised", key: "annualised", numeric: true) { left, right in
            // A holding too young for an annual rate sorts first.
            guard let second = right.annualizedReturn else { return false }
            return left.annualizedReturn.map { $0 < second } ?? true
        },
        TableColumn("Allocation", key: "allocation", numeric: true) { $0.allocation < $1.allocation },
    ]

    /// The report: figures, the ETFs' table (sorted by `sort` through the `link` of a query, when the report has an
    /// address of its own) and the allocation chart.
    static func render(_ report: PortfolioReport, sort: String? = nil, link: ((String) -> String)? = nil) -> HTML {
        let portfolio = report.portfolio
        let text = ReportText(symbol: NumberFormat.currencySymbol(report.currency))
        let count = "\(portfolio.count) ETF\(portfolio.count == 1 ? "" : "s")"
        var weightedNote = "Σ weight × annualized return"
        if portfolio.excludedFromWeighted > 0 {
            weightedNote +=
                ", without \(portfolio.excludedFromWeighted) ETF\(portfolio.excludedFromWeighted == 1 ? "" : "s") held 0 days"
        }
        let meanDays = NumberFormat.decimal(portfolio.meanDaysHeld, fractionDigits: 0)
        let ownNote =
            portfolio.annualizedReturn == nil
            ? "no time held" : "from totals over \(meanDays) days (initial-weighted mean)"
        var content: HTML = """
            <h2>Report</h2><p class="stamp" id="etf-as-of">\(count) · \(text.asOf(report))</p>\
            <div class="figures" id="etf-figures">\(Components.figure("Invested", text.money(portfolio.totalInitial)))\
            \(Components.figure("Current value", text.money(portfolio.totalCurrent)))\
            \(Components.figure("Capital appreciation", text.signedMoney(portfolio.totalCapitalAppreciation)))\
            \(Components.figure("Yield income", text.signedMoney(portfolio.totalYieldIncome)))\
            \(Components.figure("Expenses", text.signedMoney(-portfolio.totalExpenses)))\
            \(Components.figure("Net return", text.signedMoney(portfolio.totalNetReturn), detail: text.percent(portfolio.totalReturn)))\
            \(Components.figure("Weighted annual return", portfolio.weightedAnnualReturn.map(text.percent) ?? "—", detail: weightedNote))\
            \(Components.figure("Portfolio annual return", portfolio.annualizedReturn.map(text.percent) ?? "—", detail: ownNote))\
            \(Components.figure("Weighted expense ratio", text.expenseRatio(portfolio.weightedExpenseRatio)))\
            \(Components.figure("Annual fees", text.money(portfolio.annualFees), detail: "a year at today's value"))</div>
            """
        if let note = text.divergenceNote(portfolio) { content += Components.notice("Note: " + note, kind: "warning") }
        // A posted report has no address to sort at: its headings are plain.
        let shown = link == nil ? columns.map { TableColumn($0.title, numeric: $0.numeric) } : columns
        content +=
            SortedTable(
                columns: shown, rows: report.etfs, id: "etfs", noun: "ETFs", sort: sort, link: { link?($0) ?? "" }
            ) { etf in
                [
                    "\(etf.holding.name)", "\(text.days(etf.daysHeld))", "\(text.money(etf.initialInvestment))",
                    "\(text.money(etf.currentValue))",
                    "\(text.signedMoney(etf.netReturn))", "\(text.percent(etf.totalReturn))", "\(text.annualized(etf))",
                    "\(text.share(etf.allocation))",
                ]
            }.html
        let notes = ["Total days are the initial-weighted mean: \(meanDays)."] + text.footnotes(report)
        content += notes.html { "<p class=\"hint\">\($0)</p>" }
        let chart = BarChart(
            title: "Allocation by current value",
            bars: report.etfs.map {
                (label: $0.holding.name, value: $0.allocation.doubleValue, text: Show.percent($0.allocation))
            })
        content += "<figure class=\"chart\" id=\"allocation-chart\">\(chart.render())</figure>"
        content += feeDrag(report, text: text)
        content += marketFills(report, text: text)
        return content
    }

    /// The fee drag as `etf analyze` prints it: the value with and without fees over the years.
    static func feeDrag(_ report: PortfolioReport, text: ReportText) -> HTML {
        let summary = report.portfolio
        let growth = NumberFormat.percent(summary.growthRate, signed: false)
        let caption =
            "\(text.money(summary.totalCurrent)) growing \(growth) a year, less the "
            + "\(text.expenseRatio(summary.weightedExpenseRatio)) weighted expense ratio"
        return "<h2 id=\"fee-drag\">Fee drag</h2>"
            + Components.table(
                caption: caption, headers: ["Years", "Without fees", "With fees", "Fees cost", "Share"],
                numeric: [1, 2, 3, 4],
                rows: summary.feeDrag.map { drag in
                    [
                        "\(drag.years)", "\(text.money(drag.valueWithoutFees))", "\(text.money(drag.valueWithFees))",
                        "\(text.money(drag.drag))", "\(text.share(drag.dragFraction))",
                    ]
                }, id: "fee-drag-table")
    }
}

/// The report form as posted: `multipart/form-data` (the page's form, with its file input) or an encoded form
/// (the paste box alone, as older pages and scripts send it).
struct ReportFields: Sendable {
    var fields: [String: String]
    /// The uploaded file, when one was chosen (a file input left empty sends a part with no file name).
    var upload: MultipartForm.File?

    var csv: String { fields["csv"] ?? "" }

    subscript(_ name: String) -> String? {
        guard let value = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }

    static func read(_ request: Request, context: WebRequestContext) async throws -> ReportFields {
        if MultipartForm.isMultipart(request.headers[.contentType]) {
            let form = try await MultipartForm.read(request, context: context)
            let file = form.files["file"].flatMap { $0.fileName.isEmpty && $0.data.isEmpty ? nil : $0 }
            return ReportFields(fields: form.fields, upload: file)
        }
        return ReportFields(fields: try await FormData.read(request, context: context).fields, upload: nil)
    }
}

/// Figures as the page shows them (USD, as the page analyses): money at two decimals, fractions as unsigned
/// percentages.
enum Show {
    static func money(_ value: Amount) -> String { NumberFormat.money(value, currency: "USD") }
    /// A gain or a loss: `+$1,000.00`, `-$1,000.00`, as every signed figure on the pages.
    static func signedMoney(_ value: Amount) -> String { NumberFormat.signedMoney(value, currency: "USD") }
    static func percent(_ value: Amount) -> String { percent(value, places: 2) }
    static func percent(_ value: Amount, places: Int) -> String {
        NumberFormat.percent(value, fractionDigits: places, signed: false)
    }
}
