import Failures
import FeatureKit
import FeatureWeb
import Hummingbird
import __NAME__

/// `/__ID__`: the notes, as `folio __ID__ list` prints them. A controller: it keeps the environment the host
/// handed the feature's routes, so its handlers take only the request and its context.
struct NotesPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    /// The feature's service, on the context the host built for it.
    func service() throws -> __NAME__Service {
        guard let context = environment.featureContext else {
            throw FolioError(.unavailable, "the __ID__ feature is not enabled")
        }
        return __NAME__Service(store: context.store, timing: context.timing)
    }

    /// `GET /__ID__`.
    func render(_ request: Request, context: WebRequestContext) async -> Response {
        let report: __NAME__NotesReport
        do {
            report = try await service().notes()
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "__NAME__", request: request, context: context)
        }
        let items: HTML =
            report.notes.isEmpty
            ? "<p>No notes yet. Add one with <code>folio __ID__ add TEXT</code>.</p>"
            : "<ul>" + report.notes.html { "<li>\($0.text)</li>" } + "</ul>"
        return environment.page("__NAME__", request: request, context: context, content: items)
    }

    /// `GET /api/__ID__/notes`: the notes, or the refusal as problem details.
    func notesAPI(_ request: Request, context: WebRequestContext) async -> Response {
        do {
            return WebResponses.json(encoding: try await service().notes().notes)
        } catch {
            return WebResponses.problem(FolioError.from(error))
        }
    }
}
