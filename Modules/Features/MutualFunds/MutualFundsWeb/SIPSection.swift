import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import MutualFunds
import Timing

/// The SIP form (a GET form: it changes nothing) and its result, with a refusal beside the field it blames.
enum SIPSection {
    static func render(code: Int, request: Request, service: FundsService) async -> HTML {
        let query = request.uri.queryParameters
        let amount = query["amount"].map(String.init) ?? ""
        let from = query["from"].map(String.init) ?? ""
        let day = query["day"].map(String.init) ?? ""
        let to = query["to"].map(String.init) ?? ""
        var refusal: FolioError?
        var outcome = HTML.empty
        if !amount.isEmpty || !from.isEmpty {
            do {
                let plan = try plan(amount: amount, from: from, day: day, to: to)
                let sip = try await service.sip(code: code, plan: plan).report
                outcome = """
                    <div class="figures" id="sip-result">\(Components.figure("Installments", "\(sip.installmentCount)"))\
                    \(Components.figure("Invested", FundText.money(sip.invested)))\
                    \(Components.figure("Value", FundText.money(sip.value), detail: "on \(sip.valuationDate)"))\
                    \(Components.figure("Return", NumberFormat.percent(sip.absoluteReturn)))\
                    \(Components.figure("XIRR", FundText.percent(sip.xirr)))</div>
                    """
            } catch {
                let error = FolioError.from(error)
                refusal = error.field == nil ? error.blaming("amount") : error
            }
        }
        func message(_ field: String) -> String? {
            guard let refusal, refusal.field == field else { return nil }
            return refusal.line + (refusal.hint.map { " (\($0))" } ?? "")
        }
        let form: HTML = """
            <form method="get" action="/funds/\(code)#sip" class="form">\
            \(Components.field("amount", label: "Monthly amount (₹)", value: amount, error: message("amount"), attributes: " inputmode=\"decimal\""))\
            \(Components.field("from", label: "From", value: from, error: message("from"), type: "date"))\
            \(Components.field("day", label: "Day of month", value: day, error: message("day"), attributes: " inputmode=\"numeric\""))\
            \(Components.field("to", label: "To (optional)", value: to, error: message("to"), type: "date"))\
            <button type="submit">Calculate</button></form>
            """
        return form + outcome
    }

    /// The plan typed in the form.
    /// - Throws: ``FolioError`` (invalid) blaming the field that cannot be read.
    static func plan(amount: String, from: String, day: String, to: String) throws -> SIPPlan {
        let value = try SIPPlan.amount(parsing: amount)
        guard let start = CalendarDate(iso8601: from) else {
            throw FolioError(
                .invalid, "give the SIP's start date", why: "\"\(from)\" is not a date like 2020-01-01", field: "from")
        }
        var dayOfMonth = start.day
        if !day.isEmpty {
            guard let number = Int(day), (1...31).contains(number) else {
                throw FolioError(.invalid, "the day of the month must be from 1 to 31", field: "day")
            }
            dayOfMonth = number
        }
        var end: CalendarDate?
        if !to.isEmpty {
            guard let date = CalendarDate(iso8601: to) else {
                throw FolioError(.invalid, "\"\(to)\" is not a date like 2024-12-31", field: "to")
            }
            guard date >= start else {
                throw FolioError(.invalid, "the end date \(to) is before the start \(from)", field: "to")
            }
            end = date
        }
        return SIPPlan(amount: value, day: dayOfMonth, from: start, to: end)
    }
}
