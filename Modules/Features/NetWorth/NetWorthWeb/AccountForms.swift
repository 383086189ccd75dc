import Failures
import FeatureKit
import FeatureWeb
import Hummingbird
import Money
import NetWorth
import Timing

/// The account and rate forms of `/networth`: add an account, remove one (after a confirmation page, so it
/// works without JavaScript), and set an exchange rate, each through the feature's services or repository as the
/// terminal's `accounts add`, `accounts remove` and `rate set` do.
struct AccountForms {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    /// What the add-account form holds, and its errors by field.
    struct AddForm: Sendable {
        var name = ""
        var type = AccountType.savings.rawValue
        var currency = ""
        var balance = ""
        var date = ""
        var errors: [String: String] = [:]
        var general: String?
    }

    /// What the rate form holds, and its errors by field.
    struct RateForm: Sendable {
        var currency = ""
        var rate = ""
        var date = ""
        var errors: [String: String] = [:]
        var general: String?
    }

    func add(
        _ request: Request, context: WebRequestContext
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        var form = AddForm(
            name: fields["name"] ?? "", type: fields["type"] ?? "", currency: fields["currency"] ?? "",
            balance: fields["balance"] ?? "", date: fields["date"] ?? "")
        do {
            guard let type = AccountType(rawValue: form.type) else {
                throw FolioError(
                    .invalid, "choose the account's type",
                    why: "one of \(AccountType.allCases.map(\.rawValue).joined(separator: ", "))", field: "type")
            }
            let dependencies = try NetWorthWeb.dependencies(environment)
            let currency =
                try form.currency.isEmpty
                ? nil : Self.validated(form.currency, field: "currency", CurrencyCode.validate)
            var opening: BalanceUpdate?
            if !form.balance.isEmpty {
                let amount = try Self.validated(form.balance, field: "balance") { text throws(NetWorthError) in
                    try AmountInput.parse(text, what: "balance")
                }
                let date = try form.date.isEmpty ? dependencies.today : NetWorthForms.parseDate(form.date)
                opening = BalanceUpdate(date: date, amount: amount)
            }
            let added = try await AccountService(dependencies).add(
                NewAccount(name: form.name, type: type, currency: currency, openingBalance: opening))
            var message = "Added \"\(added.name)\" (\(added.type.rawValue), \(added.currency))."
            if let missing = added.missingRate {
                message += " It is not valued until a \(missing.currency)→\(missing.base) rate is set."
            }
            return WebResponses.redirect(to: "/networth", flash: Flash(.success, message))
        } catch {
            var refusal = FolioError.from(error)
            if refusal.field == "amount" { refusal = refusal.blaming("balance") }
            NetWorthForms.place(
                refusal, fields: ["name", "type", "currency", "balance", "date"], errors: &form.errors,
                general: &form.general)
            return await NetWorthPage(environment: environment).render(
                request, context: context, addForm: form,
                status: WebResponses.status(for: refusal))
        }
    }

    /// The first post shows what will be removed with a button that confirms it; only the confirmed post removes.
    func remove(
        _ request: Request, context: WebRequestContext
    ) async throws
        -> Response
    {
        let fields = try await FormData.read(request, context: context)
        guard let name = fields["account"], !name.isEmpty else {
            throw HTTPError(.unprocessableContent, message: "No account was named.")
        }
        do {
            let service = try AccountService(NetWorthWeb.dependencies(environment))
            guard fields["confirmed"] == "yes" else {
                let account = try await service.account(named: name)
                let updates = account.updates.count
                let content: HTML = """
                    <p>Remove <strong>\(account.name)</strong> and its \(updates) balance \(updates == 1 ? "update" : "updates")? \
                    This cannot be undone.</p>
                    \(Components.postForm(action: "/networth/accounts/remove", csrf: context.csrfToken, class: "inline", """
                        <input type="hidden" name="account" value="\(account.name)"><input type="hidden" name="confirmed" value="yes">\
                        <button type="submit" class="danger">Remove \(account.name)</button>
                        """)) <a href="/networth">Cancel</a>
                    """
                return environment.page("Remove \(account.name)?", request: request, context: context, content: content)
            }
            let removed = try await service.remove(named: name)
            return WebResponses.redirect(to: "/networth", flash: Flash(.success, "Removed \"\(removed.name)\"."))
        } catch {
            return WebResponses.redirect(to: "/networth", flash: Flash(.error, FolioError.from(error).line))
        }
    }

    func setRate(
        _ request: Request, context: WebRequestContext
    ) async throws
        -> Response
    {
        let fields = try await FormData.read(request, context: context)
        var form = RateForm(currency: fields["currency"] ?? "", rate: fields["rate"] ?? "", date: fields["date"] ?? "")
        do {
            let dependencies = try NetWorthWeb.dependencies(environment)
            let currency = try Self.validated(form.currency, field: "currency", CurrencyCode.validate)
            let rate = try Self.validated(form.rate, field: "rate") { text throws(NetWorthError) in
                try AmountInput.parse(text, what: "rate")
            }
            let date = try form.date.isEmpty ? dependencies.today : NetWorthForms.parseDate(form.date)
            let set = try await RateService(dependencies).set(currency, rate: rate, on: date).set
            return WebResponses.redirect(
                to: "/networth",
                flash: Flash(.success, "Set 1 \(set.currency) = \(rate.plainText) \(set.base) from \(date.iso8601)."))
        } catch {
            let refusal = FolioError.from(error)
            NetWorthForms.place(
                refusal, fields: ["currency", "rate", "date"], errors: &form.errors, general: &form.general)
            return await NetWorthPage(environment: environment).render(
                request, context: context, rateForm: form,
                status: WebResponses.status(for: refusal))
        }
    }

    /// `parse(text)`, its refusal blamed on `field` (the domain's parsers do not know the form's names).
    private static func validated<T>(
        _ text: String, field: String, _ parse: (String) throws(NetWorthError) -> T
    ) throws(FolioError) -> T {
        do {
            return try parse(text)
        } catch {
            throw FolioError(error).blaming(field)
        }
    }

    static func addForm(_ form: AddForm, csrf: String) -> HTML {
        var content = HTML.empty
        if let general = form.general { content += Components.notice(general, kind: "error") }
        content += Components.field(
            "name", label: "Name", value: form.name, error: form.errors["name"], attributes: " required")
        content += Components.select(
            "type", label: "Type", options: AccountType.allCases.map { ($0.rawValue, $0.rawValue) }, selected: form.type
        )
        content += Components.fieldError(form.errors["type"], for: "type")
        content += Components.field(
            "currency", label: "Currency (default the base currency)", value: form.currency,
            error: form.errors["currency"], placeholder: "GBP")
        content += Components.field(
            "balance", label: "Opening balance (optional)", value: form.balance, error: form.errors["balance"],
            attributes: " inputmode=\"decimal\"")
        content += Components.field(
            "date", label: "Date of the opening balance (default today)", value: form.date, error: form.errors["date"],
            type: "date")
        content += "<button type=\"submit\">Add account</button>"
        return Components.postForm(action: "/networth/accounts/add", csrf: csrf, content)
    }

    static func rateForm(_ form: RateForm, csrf: String) -> HTML {
        var content = HTML.empty
        if let general = form.general { content += Components.notice(general, kind: "error") }
        content += Components.field(
            "currency", label: "Currency", value: form.currency, error: form.errors["currency"], placeholder: "USD",
            attributes: " required")
        content += Components.field(
            "rate", label: "Base currency per 1 unit", value: form.rate, error: form.errors["rate"],
            attributes: " inputmode=\"decimal\" required")
        content += Components.field(
            "date", label: "In force from (default today)", value: form.date, error: form.errors["date"], type: "date")
        content += "<button type=\"submit\">Set rate</button>"
        return Components.postForm(action: "/networth/rates/set", csrf: csrf, content)
    }

    static func removeButton(_ name: String, csrf: String) -> HTML {
        accountButton(name, action: "/networth/accounts/remove", label: "Remove…", csrf: csrf)
    }

    /// A one-button form posting the account's name to `action`.
    static func accountButton(_ name: String, action: String, label: String, csrf: String) -> HTML {
        Components.postForm(
            action: action, csrf: csrf, class: "inline",
            "<input type=\"hidden\" name=\"account\" value=\"\(name)\"><button type=\"submit\" class=\"secondary\">\(label)</button>"
        )
    }
}
