import FeatureWeb
import Hummingbird

/// The __NAME__ pages: `/__ID__` (the notes) and `/api/__ID__/notes` (what `folio __ID__ list --format json` prints).
public enum __NAME__Web {
    /// The feature's web face.
    public static let feature = WebFeature(
        id: "__ID__", navigation: NavigationEntry(title: "__NAME__", path: "/__ID__"),
        openAPIPaths: [
            "/api/__ID__/notes": .openAPIGet(
                "The notes, oldest first (folio __ID__ list --format json).",
                response: OpenAPISchema.array(
                    OpenAPISchema.record(["text": OpenAPISchema.string, "createdAt": OpenAPISchema.dateTime])))
        ],
        routes: { router, environment in
            let notes = NotesPage(environment: environment)
            router.get("/__ID__", use: notes.render)
            router.get("/api/__ID__/notes", use: notes.notesAPI)
        })
}
