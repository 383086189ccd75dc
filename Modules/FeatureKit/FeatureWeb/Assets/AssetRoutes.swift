import Foundation
import Hummingbird

/// The files the binary serves itself: no CDN, no build step.
public enum AssetRoutes {
    /// A 1 KB static file, the baseline the web benchmark compares pages against.
    static let baseline = String(repeating: "Folio static baseline file, 1 KB, served from memory.\n", count: 19)
        .padding(toLength: 1024, withPad: ".", startingAt: 0)

    /// Adds `/assets/folio.css`, `/assets/folio.js`, `/assets/chart.js`, `/assets/static-1k.txt` and the favicon.
    public static func add(to router: Router<WebRequestContext>) {
        router.get("/assets/folio.css") { _, _ in asset(Stylesheet.text, type: "text/css; charset=utf-8") }
        router.get("/assets/folio.js") { _, _ in asset(Script.text, type: "text/javascript; charset=utf-8") }
        router.get("/assets/chart.js") { _, _ in asset(ChartScript.text, type: "text/javascript; charset=utf-8") }
        router.get("/assets/static-1k.txt") { _, _ in asset(baseline, type: "text/plain; charset=utf-8") }
        router.get("/assets/favicon.svg") { _, _ in asset(favicon, type: "image/svg+xml") }
        // Browsers ask for /favicon.ico whatever the page links; without it every page logs a console error.
        router.get("/favicon.ico") { _, _ in asset(favicon, type: "image/svg+xml") }
    }

    /// The mark in the navigation's colours: a rising line in a rounded square.
    static let favicon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d4ed8"/>\
        <path d="M6 22l6-6 5 4 9-10" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>
        """

    static func asset(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "public, max-age=3600"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
