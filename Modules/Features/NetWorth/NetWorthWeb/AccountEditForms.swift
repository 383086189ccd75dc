import Failures
import FeatureKit
import FeatureWeb
import Hummingbird
import NetWorth

/// The account page's forms, as the terminal's `accounts rename` and `accounts note`: each calls ``AccountService``;
/// a refusal comes back beside the field it blames with what was typed, and stores nothing.
struct AccountEditForms {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func rename(
        _ request: Request, context: WebRequestContext
    ) async throws
        -> Response
    {
        let fields = try await FormData.read(request, context: context)
        let account = fields["account"] ?? ""
        let newName = fields["name"] ?? ""
        do {
            let (before, after) = try await AccountService(NetWorthWeb.dependencies(environment)).rename(
                account, to: newName)
            return WebResponses.redirect(
                to: AccountPage.link(after.name),
                flash: Flash(.success, "Renamed \"\(before.name)\" to \"\(after.name)\"."))
        } catch {
            return await refused(
                FolioError.from(error), request: request, context: context, account: account,
                form: AccountPage.EditForm(name: newName))
        }
    }

    func note(
        _ request: Request, context: WebRequestContext
    ) async throws
        -> Response
    {
        let fields = try await FormData.read(request, context: context)
        let account = fields["account"] ?? ""
        let note = fields["note"] ?? ""
        do {
            let changed = try await AccountService(NetWorthWeb.dependencies(environment)).setNote(
                note.isEmpty ? nil : note, named: account)
            let message =
                changed.note == nil
                ? "Cleared the note of \"\(changed.name)\"." : "Saved the note of \"\(changed.name)\"."
            return WebResponses.redirect(to: AccountPage.link(changed.name), flash: Flash(.success, message))
        } catch {
            return await refused(
                FolioError.from(error), request: request, context: context, account: account,
                form: AccountPage.EditForm(note: note))
        }
    }

    /// The account page again with the refusal beside its field; an unknown account goes back to the list.
    private func refused(
        _ refusal: FolioError, request: Request, context: WebRequestContext,
        account: String, form: AccountPage.EditForm
    ) async -> Response {
        guard refusal.field != "account" else {
            return WebResponses.redirect(to: "/networth/accounts", flash: Flash(.error, refusal.line))
        }
        var form = form
        var general: String?
        NetWorthForms.place(refusal, fields: ["name", "note"], errors: &form.errors, general: &general)
        if let general { form.errors[form.note == nil ? "name" : "note"] = general }
        return await AccountPage(environment: environment).render(
            request, context: context, name: account, form: form,
            status: WebResponses.status(for: refusal))
    }
}
