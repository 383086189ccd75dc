import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import NetWorth
import Timing

/// `/networth/accounts`: what `accounts list` prints — each account's recorded balance, last update, change since
/// the last update and the source it follows — sortable by heading links (`?sort=`), 50 accounts a page.
struct AccountsPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    static let columns: [(title: String, key: String, numeric: Bool)] = [
        ("Account", "name", false), ("Type", "type", false), ("Balance", "balance", true),
        ("Last update", "updated", false), ("Change since last update", "change", true), ("Follows", "source", false),
    ]

    static var order: [String: (AccountListing, AccountListing) -> Bool] {
        [
            "name": { $0.name.localizedStandardCompare($1.name) == .orderedAscending },
            "type": { $0.type < $1.type },
            "balance": { nullsFirst($0.balance, $1.balance) },
            "updated": { ($0.lastUpdate ?? "") < ($1.lastUpdate ?? "") },
            "change": { nullsFirst($0.change, $1.change) },
            "source": { ($0.source ?? "") < ($1.source ?? "") },
        ]
    }

    func render(_ request: Request, context: WebRequestContext) async -> Response {
        let listings: [AccountListing]
        do {
            listings = try await AccountService(NetWorthWeb.dependencies(environment)).listings()
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "Accounts", request: request, context: context)
        }
        let query = request.uri.queryParameters
        let sort = TableOrder(
            query["sort"].map(String.init), keys: Self.columns.map(\.key),
            fallback: TableOrder(key: "name", descending: false))
        let sorted = sort.sorted(listings, by: Self.order)
        let slice = PageSlice(query["page"].map(String.init), size: 50, total: sorted.count)
        let headings = Dictionary(
            uniqueKeysWithValues: Self.columns.enumerated().map { index, column in
                (
                    index,
                    sort.heading(column.title, key: column.key, numeric: column.numeric) {
                        "/networth/accounts?sort=\($0)"
                    }
                )
            })
        let table = Components.table(
            caption: listings.isEmpty ? "No accounts yet." : nil, headers: Self.columns.map(\.title), numeric: [2, 4],
            rows: slice.rows(sorted).map { listing in
                let name: HTML =
                    "<a href=\"\(AccountPage.link(listing.name))\">\(listing.name)</a>"
                    + (listing.included ? .empty : " (excluded)")
                let change =
                    listing.change.map {
                        "\(Show.money($0, listing.currency, signed: true)) \(Show.percent(listing.changePercent))"
                    } ?? "—"
                return [
                    name, "\(listing.type)\(listing.debt ? " (debt)" : "")",
                    "\(Show.money(listing.balance, listing.currency))",
                    Day.html(listing.lastUpdate.flatMap(CalendarDate.init(iso8601:))), "\(change)",
                    Self.source(listing),
                ]
            }, id: "account-list", headings: headings)
        let pages = slice.navigation(noun: "accounts") { "/networth/accounts?sort=\(sort.parameter)&page=\($0)" }
        let content: HTML = NetWorthWeb.subnavigation + table + pages
        return environment.page("Accounts", request: request, context: context, content: content)
    }

    /// The source an account follows with what it reads now, or nothing.
    static func source(_ listing: AccountListing) -> HTML {
        guard let source = listing.source else { return .empty }
        guard let value = listing.sourceValue else {
            return "\(source)<br><small>no value now (\(listing.sourceProblem ?? "not read"))</small>"
        }
        let asOf: HTML = listing.sourceAsOf.map { ", as of " + TimeStamp.html($0) } ?? .empty
        return "\(source)<br><small>\(Show.money(value, listing.currency))" + asOf + "</small>"
    }
}
