import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Persistence
import Timing
import TimingTesting

/// A tiny feature for the framework's tests: its command exists so the feature has a descriptor; `demo crash`
/// fails unexpectedly.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "demo", subcommands: [Crash.self])

    struct Crash: FeatureCommand {
        struct Secret: Error {}
        func run(in context: FeatureContext) async throws { throw Secret() }
    }
}

let demoDescriptor = FeatureDescriptor(id: "demo", summary: "Demo.", requirements: [], command: DemoCommand.self)

let demoFeature = WebFeature(
    id: "demo", navigation: NavigationEntry(title: "Demo", path: "/demo"),
    openAPIPaths: [
        "/api/demo": .openAPIGet(
            "Echo.", query: ["text"],
            response: OpenAPISchema.object(
                ["text": OpenAPISchema.string, "count": OpenAPISchema.string], required: ["text", "count"]))
    ],
    dashboard: { _, _ in DashboardCard(title: "Demo card", body: .empty) },
    routes: { router, environment in
        router.get("/demo") { request, context in
            let form = Components.postForm(
                action: "/demo", csrf: context.csrfToken, Components.field("text", label: "Text"))
            return environment.page("Demo", request: request, context: context, content: form)
        }
        router.post("/demo") { request, context in
            let form = try await FormData.read(request, context: context)
            return WebResponses.redirect(to: "/demo", flash: Flash(.success, "Saved \(form["text"] ?? "")."))
        }
        router.get("/api/demo") { request, _ in
            let text = request.uri.queryParameters["text"].map(String.init) ?? ""
            return WebResponses.json(encoding: ["text": text, "count": "1"])
        }
        router.get("/demo/down") { request, context in
            let down = FolioError(
                .unavailable, "the service is unavailable", why: "connection refused", hint: "try later")
            return environment.failurePage(down, title: "Demo", request: request, context: context)
        }
        router.get("/demo/crash") { _, _ -> Response in
            throw DemoCommand.Crash.Secret()
        }
        router.post("/demo/only-post") { _, _ in WebResponses.redirect(to: "/demo") }
        router.get("/demo/gone") { request, context in
            let missing = FolioError(.notFound, "no such demo item")
            return environment.failurePage(missing, title: "Demo", request: request, context: context)
        }
    })

let testSecret = "test-secret"

func demoApplication(
    configuration: WebServerConfiguration = WebServerConfiguration(secret: testSecret)
) -> some ApplicationProtocol {
    let timing = Timing.test()
    let context = FeatureContext.test(
        featureID: "demo", store: InMemoryDatabase().store(namespace: "demo"), timing: timing)
    let environment = WebEnvironment(
        contexts: [demoDescriptor.id: context],
        layout: Layout(navigation: [demoFeature.navigation]), ticker: Ticker(clock: timing.clock), timing: timing,
        sessions: BrowserSessions(now: { timing.now() }))
    let router = WebServer.router(features: [demoFeature], environment: environment, configuration: configuration)
    return Application(router: router)
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The value of the `name` cookie set by this response.
    func cookie(_ name: String) -> String? {
        for value in headers[values: .setCookie] where value.hasPrefix(name + "=") {
            return String(value.dropFirst(name.count + 1).prefix { $0 != ";" })
        }
        return nil
    }
}

let localhost: HTTPFields = [HTTPField.Name("Host")!: "localhost"]
