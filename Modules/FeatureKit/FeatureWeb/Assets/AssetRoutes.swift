import Foundation
import Hummingbird

/// The files the binary serves itself: no CDN, no build step.
public enum AssetRoutes {
    /// A 1 KB static file, the baseline the web benchmark compares pages against.
    static let baseline = String(repeating: "Folio static baseline file, 1 KB, served from memory.\n", count: 19)
        .padding(toLength: 1024, withPad: ".", startingAt: 0)

    /// Adds `/assets/folio.css`, `/assets/folio.js` and `/assets/static-1k.txt`.
    public static func add(to router: Router<WebRequestContext>) {
        router.get("/assets/folio.css") { _, _ in asset(Stylesheet.text, type: "text/css; charset=utf-8") }
        router.get("/assets/folio.js") { _, _ in asset(Script.text, type: "text/javascript; charset=utf-8") }
        router.get("/assets/static-1k.txt") { _, _ in asset(baseline, type: "text/plain; charset=utf-8") }
    }

    static func asset(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "public, max-age=3600"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
