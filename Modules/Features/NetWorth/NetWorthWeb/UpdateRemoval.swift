import Failures
import FeatureKit
import FeatureWeb
import Hummingbird
import NetWorth
import Timing

/// `update NAME --remove --date D` from an account's history: the first post asks on a page of its own (so it works
/// without JavaScript), only the confirmed post removes the balance.
struct UpdateRemoval {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func remove(
        _ request: Request, context: WebRequestContext
    ) async throws
        -> Response
    {
        let fields = try await FormData.read(request, context: context)
        let account = fields["account"] ?? ""
        do {
            let date = try NetWorthForms.parseDate(fields["date"] ?? "")
            let dependencies = try NetWorthWeb.dependencies(environment)
            guard fields["confirmed"] == "yes" else {
                let history = try await HistoryService(dependencies).history(of: account, from: date, to: date)
                guard let row = history.rows.first else {
                    throw FolioError(
                        .refused, "\"\(history.account.name)\" has no balance on \(date.iso8601)", field: "date")
                }
                let name = history.account.name
                let content = Components.confirmation(
                    "Remove the balance of <strong>\(name)</strong> on \(Day.html(date)) "
                        + "(\(Show.money(row.balance, history.account.currency)))? This cannot be undone.",
                    action: "/networth/update/remove", csrf: context.csrfToken,
                    fields: [("account", name), ("date", date.iso8601)], button: "Remove the balance",
                    cancel: AccountPage.link(name))
                return environment.page("Remove a balance?", request: request, context: context, content: content)
            }
            let removed = try await BalanceService(dependencies).remove(account: account, on: date)
            return WebResponses.redirect(
                to: AccountPage.link(removed.account),
                flash: Flash(
                    .success,
                    "Removed the \(removed.date.iso8601) balance of \"\(removed.account)\" "
                        + "(\(Show.money(removed.amount, removed.currency)))."))
        } catch {
            let refusal = FolioError.from(error)
            let back = refusal.field == "account" ? "/networth/accounts" : AccountPage.link(account)
            return WebResponses.redirect(to: back, flash: Flash(.error, refusal.line))
        }
    }
}
