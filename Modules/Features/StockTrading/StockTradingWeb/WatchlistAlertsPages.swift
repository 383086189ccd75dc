import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import StockTrading

/// One row of `folio stocks watchlist list --format json`.
struct WatchedView: Decodable, Sendable {
    var symbol: String
    var name: String
    var price: Amount
    var dailyChange: Amount?
    var dailyChangeFraction: Amount?
    var stale: Bool
}

/// One row of `folio stocks alerts list --format json`.
struct AlertView: Decodable, Sendable {
    var id: Int
    var symbol: String
    var direction: String
    var level: Amount
    var status: String
    var referencePrice: Amount?
}

/// `/stocks/watchlist` and `/stocks/alerts`: the lists with add and remove forms. Each form runs the CLI's own
/// command (`watchlist add|remove`, `alerts add|remove|rearm`) as the browser's user, so a symbol the market
/// does not list or a level out of range is refused with the CLI's message, next to its field, and nothing
/// is stored.
enum WatchlistAlertsPages {
    struct WatchForm: Sendable {
        var symbols = ""
        var error: String?
    }

    struct AlertForm: Sendable {
        var symbol = ""
        var direction = "above"
        var level = ""
        var errors: [String: String] = [:]
    }

    /// Symbols typed in a box: words, upper-cased by the command; leading dashes dropped so none reads as an option.
    static func symbols(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map { String($0.drop { $0 == "-" }) }.filter { !$0.isEmpty }
    }

    /// The CLI's refusal as one line, with its hint.
    static func message(_ result: CommandResult) -> String { result.fieldMessage ?? "" }

    static func output(_ result: CommandResult) -> String {
        result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: Watchlist

    static func watchlist(
        _ request: Request, context: WebRequestContext, environment: WebEnvironment, user: SessionStore.Record,
        form: WatchForm = WatchForm(), status: HTTPResponse.Status = .ok
    ) async -> Response {
        let (result, _) = await StocksSession.run(["watchlist", "list", "--format", "json"], as: user, environment: environment)
        if let error = result.error { return environment.failurePage(error, title: "Watchlist", request: request, context: context) }
        let rows = (try? JSONDecoder().decode([WatchedView].self, from: Data(result.output.utf8))) ?? []
        var content = StockTradingWeb.subnavigation(user, csrf: context.csrfToken)
        content += result.warningLines.html { Components.notice($0, kind: "warning") }
        content += Components.table(
            caption: rows.isEmpty ? "Your watchlist is empty." : nil,
            headers: ["Symbol", "Name", "Price", "Change", "Change %", ""], numeric: [2, 3, 4],
            rows: rows.map { row in
                let remove = Components.postForm(
                    action: "/stocks/watchlist/remove", csrf: context.csrfToken, class: "inline",
                    "<input type=\"hidden\" name=\"symbol\" value=\"\(row.symbol)\"><button type=\"submit\" class=\"secondary\" aria-label=\"Stop watching \(row.symbol)\">Remove</button>")
                return [
                    "\(row.symbol)", "\(row.name)", "\(Dollars.text(row.price))\(row.stale ? " (stale)" : "")",
                    "\(row.dailyChange.map { Dollars.text($0, signed: true) } ?? "—")",
                    "\(row.dailyChangeFraction.map { NumberFormat.percent($0) } ?? "—")", remove,
                ]
            }, id: "watchlist")
        let fields = Components.field(
            "symbols", label: "Symbols (e.g. NVDA AMD)", value: form.symbols, error: form.error, placeholder: "NVDA",
            attributes: " required autocapitalize=\"characters\"")
            + "<button type=\"submit\">Watch</button>"
        content += "<h2 id=\"add\">Add to the watchlist</h2>" + Components.postForm(action: "/stocks/watchlist/add", csrf: context.csrfToken, fields)
        return environment.page("Watchlist", request: request, context: context, status: status, content: content)
    }

    static func watch(
        _ request: Request, context: WebRequestContext, environment: WebEnvironment, user: SessionStore.Record
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        var form = WatchForm(symbols: fields["symbols"] ?? "")
        let (result, _) = await StocksSession.run(["watchlist", "add"] + symbols(form.symbols), as: user, environment: environment)
        guard let error = result.error else {
            return WebResponses.redirect(to: "/stocks/watchlist", flash: Flash(.success, output(result)))
        }
        form.error = message(result)
        return await watchlist(request, context: context, environment: environment, user: user, form: form, status: WebResponses.status(for: error))
    }

    static func unwatch(
        _ request: Request, context: WebRequestContext, environment: WebEnvironment, user: SessionStore.Record
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        let (result, _) = await StocksSession.run(["watchlist", "remove"] + symbols(fields["symbol"] ?? ""), as: user, environment: environment)
        let flash = result.error == nil ? Flash(.success, output(result)) : Flash(.error, message(result))
        return WebResponses.redirect(to: "/stocks/watchlist", flash: flash)
    }

    // MARK: Alerts

    static func alerts(
        _ request: Request, context: WebRequestContext, environment: WebEnvironment, user: SessionStore.Record,
        form: AlertForm = AlertForm(), status: HTTPResponse.Status = .ok
    ) async -> Response {
        let (result, _) = await StocksSession.run(["alerts", "list", "--format", "json"], as: user, environment: environment)
        if let error = result.error { return environment.failurePage(error, title: "Price alerts", request: request, context: context) }
        let rows = (try? JSONDecoder().decode([AlertView].self, from: Data(result.output.utf8))) ?? []
        var content = StockTradingWeb.subnavigation(user, csrf: context.csrfToken)
        content += Components.table(
            caption: rows.isEmpty ? "No alerts yet." : nil,
            headers: ["#", "Symbol", "Condition", "Status", "Last seen", ""], numeric: [0, 4],
            rows: rows.map { row in
                let rearm: HTML = row.status == "fired"
                    ? Components.postForm(
                        action: "/stocks/alerts/rearm", csrf: context.csrfToken, class: "inline",
                        "<input type=\"hidden\" name=\"id\" value=\"\(row.id)\"><button type=\"submit\" class=\"secondary\">Re-arm</button>")
                    : .empty
                let remove = Components.postForm(
                    action: "/stocks/alerts/remove", csrf: context.csrfToken, class: "inline",
                    "<input type=\"hidden\" name=\"id\" value=\"\(row.id)\"><button type=\"submit\" class=\"secondary\" aria-label=\"Remove alert \(row.id)\">Remove</button>")
                return [
                    "\(row.id)", "\(row.symbol)", "\(row.direction) \(Dollars.text(row.level))", "\(row.status)",
                    "\(row.referencePrice.map { Dollars.text($0) } ?? "—")", rearm + remove,
                ]
            }, id: "alerts")
        var fields = HTML.empty
        if let general = form.errors["general"] { fields += Components.notice(general, kind: "error") }
        fields += Components.field("symbol", label: "Symbol", value: form.symbol, error: form.errors["symbol"], placeholder: "AAPL", attributes: " required")
        fields += Components.select(
            "direction", label: "When the price goes", options: [(value: "above", title: "above"), (value: "below", title: "below")],
            selected: form.direction)
        if let direction = form.errors["direction"] { fields += "<span class=\"field-error\" id=\"direction-error\">\(direction)</span>" }
        fields += Components.field("level", label: "Level ($)", value: form.level, error: form.errors["level"], placeholder: "180", attributes: " inputmode=\"decimal\" required")
        fields += "<button type=\"submit\">Add alert</button>"
        content += "<h2 id=\"add\">Add an alert</h2>" + Components.postForm(action: "/stocks/alerts/add", csrf: context.csrfToken, fields)
        return environment.page("Price alerts", request: request, context: context, status: status, content: content)
    }

    static func addAlert(
        _ request: Request, context: WebRequestContext, environment: WebEnvironment, user: SessionStore.Record
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        var form = AlertForm(symbol: fields["symbol"] ?? "", direction: fields["direction"] ?? "", level: fields["level"] ?? "")
        // `direction=sideways` must not become "above": an unknown or missing direction is refused, nothing stored.
        do {
            form.direction = try PriceAlert.Direction(parsing: fields["direction"]).rawValue
        } catch let error as FolioError {
            form.errors[error.field ?? "direction"] = error.line
            return await alerts(request, context: context, environment: environment, user: user, form: form, status: WebResponses.status(for: error))
        }
        let symbol = String(form.symbol.drop { $0 == "-" })
        // `--above=LEVEL`: the level stays a value even when it starts with a dash, so the CLI refuses it for what it is.
        let (result, _) = await StocksSession.run(["alerts", "add", symbol, "--\(form.direction)=\(form.level)"], as: user, environment: environment)
        guard let error = result.error else {
            return WebResponses.redirect(to: "/stocks/alerts", flash: Flash(.success, output(result)))
        }
        let text = message(result)
        let field = result.blamedField([
            "symbol": ["symbol", "listed"], "level": ["price", "level", "amount", "--above", "--below"],
        ])
        form.errors[field ?? "general"] = text
        return await alerts(request, context: context, environment: environment, user: user, form: form, status: WebResponses.status(for: error))
    }

    static func changeAlert(
        _ action: String, _ request: Request, context: WebRequestContext, environment: WebEnvironment, user: SessionStore.Record
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        let id = String((fields["id"] ?? "").drop { $0 == "-" })
        let (result, _) = await StocksSession.run(["alerts", action, id], as: user, environment: environment)
        let flash = result.error == nil ? Flash(.success, output(result)) : Flash(.error, message(result))
        return WebResponses.redirect(to: "/stocks/alerts", flash: flash)
    }
}
