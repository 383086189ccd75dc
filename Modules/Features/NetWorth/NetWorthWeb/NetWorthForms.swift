import Failures
import FeatureKit
import FeatureWeb
import Hummingbird
import Money
import NetWorth
import Timing

/// The `/networth` forms: each calls a service; a refusal goes next to the field it blames, keeps what was typed
/// and stores nothing (the services write in one transaction, or not at all).
struct NetWorthForms {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func update(
        _ request: Request, context: WebRequestContext
    ) async throws
        -> Response
    {
        let fields = try await FormData.read(request, context: context)
        let fromAccountPage = fields["back"] == "account"
        var form = NetWorthPage.UpdateForm(
            account: fields["account"] ?? "", amount: fields["amount"] ?? "", date: fields["date"] ?? "",
            note: fields["note"] ?? "")
        do {
            guard !form.account.isEmpty else {
                throw FolioError(.invalid, "choose an account", field: "account")
            }
            let amount: Amount
            do {
                amount = try AmountInput.parse(form.amount, what: "amount")
            } catch {
                throw FolioError(error)
            }
            let date = try form.date.isEmpty ? nil : Self.parseDate(form.date)
            let recorded = try await BalanceService(NetWorthWeb.dependencies(environment)).record(
                account: form.account, amount: amount, on: date, note: form.note)
            return WebResponses.redirect(
                to: fromAccountPage ? AccountPage.link(recorded.account) : "/networth",
                flash: Flash(.success, Self.message(recorded)))
        } catch {
            let refusal = FolioError.from(error)
            if fromAccountPage {
                // The account's own form: back to its page, the refusal at the top where the user is looking.
                return WebResponses.redirect(
                    to: AccountPage.link(form.account) + "#update", flash: Flash(.error, refusal.line))
            }
            Self.place(
                refusal, fields: ["account", "amount", "date", "note"], errors: &form.errors, general: &form.general)
            return await NetWorthPage(environment: environment).render(
                request, context: context, form: form,
                status: WebResponses.status(for: refusal))
        }
    }

    func setIncluded(
        _ included: Bool, _ request: Request, context: WebRequestContext
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        guard let account = fields["account"] else { throw HTTPError(.badRequest, message: "No account was named.") }
        do {
            let result = try await AccountService(NetWorthWeb.dependencies(environment)).setIncluded(
                included, named: account)
            let text =
                switch (result.changed, included) {
                case (true, true): "Included \"\(result.account)\" in net worth."
                case (true, false): "Excluded \"\(result.account)\" from net worth."
                case (false, true): "\"\(result.account)\" was already included."
                case (false, false): "\"\(result.account)\" was already excluded."
                }
            return WebResponses.redirect(to: "/networth", flash: Flash(.success, text))
        } catch {
            return WebResponses.redirect(to: "/networth", flash: Flash(.error, FolioError.from(error).line))
        }
    }

    func loadSample() async -> Response {
        do {
            let loaded = try await SampleService(NetWorthWeb.dependencies(environment)).load()
            return WebResponses.redirect(
                to: "/networth", flash: Flash(.success, "Loaded \(loaded.accounts) sample accounts."))
        } catch {
            return WebResponses.redirect(to: "/networth", flash: Flash(.error, FolioError.from(error).line))
        }
    }

    /// Puts a refusal beside the form's field it blames, or above the form when it blames none of `fields`.
    static func place(
        _ refusal: FolioError, fields: Set<String>, errors: inout [String: String], general: inout String?
    ) {
        if let field = refusal.field, fields.contains(field) {
            errors[field] = sentence(refusal)
        } else {
            general = sentence(refusal)
        }
    }

    /// A refusal as a form shows it: what and why, with the hint in brackets.
    static func sentence(_ refusal: FolioError) -> String {
        refusal.line + (refusal.hint.map { " (\($0))" } ?? "")
    }

    /// A date from the form's date input (`YYYY-MM-DD`), by FeatureKit's one rule, blamed on `date`.
    static func parseDate(_ text: String) throws(FolioError) -> CalendarDate {
        do {
            return try DateArgument.parse(text, option: "date")
        } catch {
            throw error.blaming("date")
        }
    }

    /// The flash after a recorded balance: what the terminal's first line says.
    private static func message(_ recorded: BalanceRecorded) -> String {
        let money = NumberFormat.money(recorded.amount, currency: recorded.currency)
        guard let replaced = recorded.replaced else {
            return "Recorded \(money) for \"\(recorded.account)\" on \(recorded.date.iso8601)."
        }
        return "Replaced the \(recorded.date.iso8601) balance of \"\(recorded.account)\" "
            + "(\(NumberFormat.money(replaced, currency: recorded.currency))) with \(money)."
    }
}
