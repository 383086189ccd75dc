import CSVText
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import NetWorth

/// `/networth/import`: what `import FILE` does, from an uploaded CSV (`account,date,amount[,note,type,currency]`):
/// every row in one transaction; a bad file or row is shown beside the file input and stores nothing.
struct ImportPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func render(
        _ request: Request, context: WebRequestContext, refusal: FolioError? = nil
    ) -> Response {
        let message = Components.fieldError(refusal.map(NetWorthForms.sentence), for: "file")
        let invalid: HTML =
            refusal == nil ? .empty : HTML(raw: " aria-invalid=\"true\" aria-describedby=\"file-error\"")
        let fields: HTML = """
            <label class="field wide"><span>A CSV of balances (up to \(WebLimits.maxBodyBytes / 1024) KB)</span>\
            <input type="file" name="file" accept=".csv,.txt,text/csv"\(invalid)>\(message)</label>\
            <button type="submit">Import</button>
            """
        let content: HTML =
            NetWorthWeb.subnavigation + """
                <p>The header names the columns in any order: <code>account</code>, <code>date</code> (YYYY-MM-DD) and \
                <code>amount</code>, optionally <code>note</code>, and <code>type</code> and <code>currency</code> to create \
                an account a row names that does not exist yet. Every row is recorded, or none.</p>
                """ + Components.postForm(action: "/networth/import", csrf: context.csrfToken, multipart: true, fields)
        let status = refusal.map(WebResponses.status(for:)) ?? .ok
        return environment.page("Import balances", request: request, context: context, status: status, content: content)
    }

    func upload(
        _ request: Request, context: WebRequestContext
    ) async throws
        -> Response
    {
        let missing = FolioError(.invalid, "choose a CSV file to upload", field: "file")
        guard MultipartForm.isMultipart(request.headers[.contentType]) else {
            return render(request, context: context, refusal: missing)
        }
        let form = try await MultipartForm.read(request, context: context)
        guard let file = form.files["file"], !file.data.isEmpty else {
            return render(request, context: context, refusal: missing)
        }
        do {
            guard let text = file.text else {
                throw FolioError(.dataError, "\(file.fileName) is not UTF-8 text", field: "file")
            }
            let outcome = try await ImportService(NetWorthWeb.dependencies(environment)).importBalances(
                try Self.balances(text, name: file.fileName))
            var message =
                "Imported \(outcome.added + outcome.replaced) balances: \(outcome.added) new, \(outcome.replaced) replaced"
            if !outcome.createdAccounts.isEmpty {
                message += "; created \(outcome.createdAccounts.joined(separator: ", "))"
            }
            return WebResponses.redirect(to: "/networth/accounts", flash: Flash(.success, message + "."))
        } catch {
            let refusal = FolioError.from(error)
            return render(
                request, context: context,
                refusal: FolioError(refusal.kind, refusal.what, why: refusal.why, hint: refusal.hint, field: "file"))
        }
    }

    /// The file's rows as the domain validates them, split by FeatureKit's one CSV reader.
    private static func balances(_ text: String, name: String) throws(FolioError) -> BalanceImport {
        do {
            let table = try CSVTable(text: text)
            return try BalanceImport(
                header: table.header, records: table.rows.map { BalanceImport.Record(line: $0.line, fields: $0.fields) }
            )
        } catch let error as NetWorthError {
            throw FolioError(.dataError, "\(name): \(error.what)", why: error.why, hint: error.hint, field: "file")
        } catch {
            throw FolioError(.dataError, "\(name): \(error)", field: "file")
        }
    }
}
