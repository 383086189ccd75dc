import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import NetWorth
import Timing

/// `/networth/account?name=NAME`: what `accounts show` and `history` print, as one page — the account, the source it
/// follows, its balance history (sortable by heading links, 50 updates a page) and chart — with the rename, note
/// and remove forms.
struct AccountPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    /// What the rename and note forms hold, and their errors by field.
    struct EditForm: Sendable {
        var name: String?
        var note: String?
        var errors: [String: String] = [:]
    }

    /// The history table's columns, each with its sort key.
    static let columns: [(title: String, key: String, numeric: Bool)] = [
        ("Date", "date", false), ("Balance", "balance", true), ("Change", "change", true),
        ("Change %", "percent", true),
        ("Note", "note", false), ("", "", false),
    ]

    static var order: [String: (HistoryEntry, HistoryEntry) -> Bool] {
        [
            "date": { $0.date < $1.date },
            "balance": { $0.balance < $1.balance },
            "change": { nullsFirst($0.change, $1.change) },
            "percent": { nullsFirst($0.changePercent, $1.changePercent) },
            "note": { ($0.note ?? "") < ($1.note ?? "") },
        ]
    }

    static func link(_ name: String) -> String { "/networth/account?name=" + queryValue(name) }

    func render(
        _ request: Request, context: WebRequestContext, name: String? = nil,
        form: EditForm = EditForm(), status: HTTPResponse.Status = .ok
    ) async -> Response {
        let query = request.uri.queryParameters
        let asked = name ?? formValue(request.uri.query, "name") ?? ""
        let from = query["from"].map(String.init) ?? ""
        let to = query["to"].map(String.init) ?? ""
        let dependencies: NetWorthDependencies
        let listing: AccountListing
        var history: AccountHistory
        do {
            dependencies = try NetWorthWeb.dependencies(environment)
            listing = try await AccountService(dependencies).listing(named: asked)
            history = try await HistoryService(dependencies).history(of: listing.name)
        } catch {
            return environment.failurePage(FolioError.from(error), title: "Account", request: request, context: context)
        }
        // `history --from --to`: a refused range is shown beside its field, with the whole history below it.
        var rangeErrors: [String: String] = [:]
        var status = status
        do {
            if !from.isEmpty || !to.isEmpty {
                history.rows = try await HistoryService(dependencies).history(
                    of: listing.name, from: NetWorthWeb.day(query["from"], "from"),
                    to: NetWorthWeb.day(query["to"], "to")
                ).rows
            }
        } catch {
            let refusal = FolioError.from(error)
            rangeErrors[refusal.field == "to" ? "to" : "from"] = NetWorthForms.sentence(refusal)
            status = WebResponses.status(for: refusal)
        }
        let csrf = context.csrfToken
        var content: HTML = "<p><a href=\"/networth/accounts\">All accounts</a></p>"
        content += Self.details(listing)
        let sort = TableOrder(
            query["sort"].map(String.init), keys: Self.columns.map(\.key).filter { !$0.isEmpty },
            fallback: TableOrder(key: "date", descending: true))
        let sorted = sort.sorted(history.rows, by: Self.order)
        let slice = PageSlice(query["page"].map(String.init), size: 50, total: sorted.count)
        let base =
            Self.link(listing.name) + (from.isEmpty ? "" : "&from=" + queryValue(from))
            + (to.isEmpty ? "" : "&to=" + queryValue(to))
        let headings = Dictionary(
            uniqueKeysWithValues: Self.columns.enumerated().filter { !$0.element.key.isEmpty }.map { index, column in
                (index, sort.heading(column.title, key: column.key, numeric: column.numeric) { "\(base)&sort=\($0)" })
            })
        content += Self.chart(history)
        content += "<h2 id=\"update\">Record a balance</h2>"
        content += Self.updateForm(listing, csrf: csrf)
        content += "<h2 id=\"history\">History</h2>"
        content += Self.rangeForm(listing.name, from: from, to: to, errors: rangeErrors)
        content += Components.table(
            caption: history.rows.isEmpty ? "No balance updates yet." : nil, headers: Self.columns.map(\.title),
            numeric: [1, 2, 3],
            rows: slice.rows(sorted).map { row in
                [
                    Day.html(row.date), "\(Show.money(row.balance, listing.currency))",
                    "\(row.change.map { Show.money($0, listing.currency, signed: true) } ?? "—")",
                    "\(row.change == nil ? "—" : Show.percent(row.changePercent))", "\(row.note ?? "")",
                    Components.postForm(
                        action: "/networth/update/remove", csrf: csrf, class: "inline",
                        Self.hidden(listing.name)
                            + "<input type=\"hidden\" name=\"date\" value=\"\(row.date.iso8601)\">"
                            + "<button type=\"submit\" class=\"secondary\">Remove…</button>"),
                ]
            }, id: "history-table", headings: headings)
        content += slice.navigation(noun: "updates") { "\(base)&sort=\(sort.parameter)&page=\($0)" }
        content += "<h2 id=\"rename\">Rename</h2>"
        content += Components.postForm(
            action: "/networth/accounts/rename", csrf: csrf,
            Self.hidden(listing.name)
                + Components.field(
                    "name", label: "New name", value: form.name ?? listing.name, error: form.errors["name"],
                    attributes: " required")
                + "<button type=\"submit\">Rename</button>")
        content += "<h2 id=\"note\">Note</h2>"
        content += Components.postForm(
            action: "/networth/accounts/note", csrf: csrf,
            Self.hidden(listing.name)
                + Components.field(
                    "note", label: "Note (empty clears it; at most \(InputLimits.maximumNoteLength) characters)",
                    value: form.note ?? listing.note ?? "", error: form.errors["note"])
                + "<button type=\"submit\">Save note</button>")
        content += "<h2 id=\"remove\">Remove</h2>"
        content += AccountForms.removeButton(listing.name, csrf: csrf)
        return environment.page(
            listing.name, request: request, context: context, status: status, scripts: [WebChart.scriptPath],
            content: content)
    }

    /// This account's own balance form: `update NAME AMOUNT [--date] [--note]`, back to this page.
    static func updateForm(_ listing: AccountListing, csrf: String) -> HTML {
        var content: HTML = hidden(listing.name) + "<input type=\"hidden\" name=\"back\" value=\"account\">"
        content += Components.field(
            "amount", label: "Balance (\(listing.currency)\(listing.debt ? ", the amount owed" : ""))", value: "",
            attributes: " required inputmode=\"decimal\"")
        content += Components.field("date", label: "Date (default today)", value: "", type: "date")
        content += Components.field("note", label: "Note", value: "")
        content += "<button type=\"submit\">Record</button>"
        return Components.postForm(action: "/networth/update", csrf: csrf, content)
    }

    /// The range of `history --from --to`, as a GET form so the range is in the address.
    static func rangeForm(_ name: String, from: String, to: String, errors: [String: String]) -> HTML {
        let fields: HTML =
            "<input type=\"hidden\" name=\"name\" value=\"\(name)\">"
            + Components.field("from", label: "From", value: from, error: errors["from"], type: "date")
            + Components.field("to", label: "To", value: to, error: errors["to"], type: "date")
        return
            "<form method=\"get\" action=\"/networth/account\" class=\"inline\" aria-label=\"History range\">\(fields)"
            + "<button type=\"submit\" class=\"secondary\">Show</button></form>"
    }

    private static func hidden(_ name: String) -> HTML { "<input type=\"hidden\" name=\"account\" value=\"\(name)\">" }

    /// The facts `accounts show` prints, as a description list.
    static func details(_ listing: AccountListing) -> HTML {
        var rows: [(String, HTML)] = [
            ("Type", "\(listing.type)\(listing.debt ? " (debt, subtracted)" : " (asset)")"),
            ("Currency", "\(listing.currency)"),
            ("Counted", listing.included ? "yes" : "no (excluded)"),
            ("Balance", "\(Show.money(listing.balance, listing.currency))"),
            ("Last update", Day.html(listing.lastUpdate.flatMap(CalendarDate.init(iso8601:)))),
            ("Updates", "\(listing.updates)"),
        ]
        if let change = listing.change {
            rows.append(
                (
                    "Change since last update",
                    "\(Show.money(change, listing.currency, signed: true)) (\(Show.percent(listing.changePercent)))"
                ))
        }
        if let note = listing.note { rows.append(("Note", "\(note)")) }
        if let source = listing.source {
            rows.append(
                ("Follows", "\(source), linked " + Day.html(listing.linkedOn.flatMap(CalendarDate.init(iso8601:)))))
            let asOf: HTML = listing.sourceAsOf.map { ", as of " + TimeStamp.html($0) } ?? .empty
            let value: HTML =
                if let amount = listing.sourceValue { "\(Show.money(amount, listing.currency))" + asOf } else {
                    "none now (\(listing.sourceProblem ?? "not read"))" + asOf
                }
            rows.append(("Source value", value))
        }
        return "<dl class=\"facts\" id=\"account-facts\">" + rows.html { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" } + "</dl>"
    }

    static func chart(_ history: AccountHistory) -> HTML {
        let points = history.account.updates.map { ChartPoint(date: $0.date, y: $0.amount.doubleValue) }
        guard points.count > 1 else { return .empty }
        let symbol = NumberFormat.currencySymbol(history.account.currency)
        let chart = WebChart(
            title: "Balance of \(history.account.name)", points: points,
            axisLabel: { ChartLabels.money($0, symbol: symbol) })
        return chart.figure(id: "account-chart", caption: "Each recorded balance (\(points.count) updates).")
            + "<p><a href=\"/networth/chart.svg?account=\(queryValue(history.account.name))\" download>Download the "
            + "chart as SVG</a></p>"
    }
}
