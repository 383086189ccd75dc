import Failures
import FeatureKit
import FeatureWeb
import Hummingbird
import Money
import MutualFunds
import MutualFundsPortfolio
import Settings
import Timing

/// The add and sell forms of the transactions page: the fields and checks of `folio funds portfolio add` and
/// `sell`, recorded through ``MutualFunds/FundsService/addManual(_:mode:)``. A refusal is shown beside the
/// field it blames, what was typed kept, and nothing is stored.
struct EntryForm: Sendable {
    enum Side: String, Sendable {
        case buy = "add", sell

        var title: String { self == .buy ? "Record a purchase" : "Record a redemption" }
        var domain: ManualEntry.Side { self == .buy ? .buy : .sell }
    }

    static let fields = ["code", "amount", "units", "nav", "date", "folio"]

    var side: Side
    var values: [String: String] = [:]
    var error: FolioError?

    func value(_ name: String) -> String { values[name] ?? "" }

    /// The typed entry, read as the terminal reads its options.
    /// - Throws: ``FolioError`` (invalid or usage) blaming the field.
    func entry() throws(FolioError) -> ManualEntry {
        guard let number = SchemeCodeText.parse(value("code").trimmingWhitespace()) else {
            throw FolioError(
                .invalid, "invalid scheme code \"\(value("code"))\"", hint: "give the scheme's code, e.g. 122639",
                field: "code")
        }
        let date: CalendarDate
        do {
            date = try DateArgument.parse(value("date"), option: "date")
        } catch {
            throw FolioError(error.kind, error.what, why: error.why, hint: error.hint, field: "date")
        }
        func figure(_ name: String) throws(FolioError) -> Amount? {
            let text = value(name).trimmingWhitespace()
            return try ManualEntry.figure(text.isEmpty ? nil : text, field: name)
        }
        let folio = value("folio").trimmingWhitespace()
        return ManualEntry(
            side: side.domain, code: number, date: date, amount: try figure("amount"), units: try figure("units"),
            nav: try figure("nav"), folio: folio.isEmpty ? "manual" : folio)
    }

    /// The form, its refusal beside the field it blames (above the fields when it blames none of them).
    func html(csrf: String) -> HTML {
        let blamed = error.flatMap { error in Self.fields.contains(error.field ?? "") ? error.field : nil }
        func message(_ name: String) -> String? {
            guard let error, blamed == name else { return nil }
            return error.line + (error.hint.map { " — \($0)" } ?? "")
        }
        var html: HTML = "<h2 id=\"\(side.rawValue)\">\(side.title)</h2>"
        if let error, blamed == nil { html += Components.notice(error.line, kind: "error") }
        let explanation =
            side == .buy
            ? "Units are the amount over the NAV, rounded to 3 decimals; the NAV is the one given or the scheme's on the date (the next one published when the date has none). Give an amount or units, not both."
            : "Give units, or an amount (units are the amount over the NAV). Refused when the folio holds fewer units."
        html += "<p>\(explanation)</p>"
        let fields =
            Components.field(
                "code", label: "Scheme code", value: value("code"), error: message("code"), placeholder: "122639",
                attributes: " required inputmode=\"numeric\"")
            + Components.field(
                "amount", label: "Amount (₹)", value: value("amount"), error: message("amount"),
                attributes: " inputmode=\"decimal\"")
            + Components.field(
                "units", label: "Units", value: value("units"), error: message("units"),
                attributes: " inputmode=\"decimal\"")
            + Components.field(
                "nav", label: "NAV (default: the scheme's NAV of the date)", value: value("nav"), error: message("nav"),
                attributes: " inputmode=\"decimal\"")
            + Components.field(
                "date", label: "Date", value: value("date"), error: message("date"), type: "date",
                placeholder: "YYYY-MM-DD",
                attributes: " required")
            + Components.field(
                "folio", label: "Folio (default: manual)", value: value("folio"), error: message("folio"),
                placeholder: "manual")
            + "<button type=\"submit\">\(side == .buy ? "Record the purchase" : "Record the redemption")</button>"
        return html + Components.postForm(action: "/funds/portfolio/\(side.rawValue)", csrf: csrf, fields)
    }
}
