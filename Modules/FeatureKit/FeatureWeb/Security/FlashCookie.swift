import Foundation
import HTTPTypes
import Hummingbird

/// The one-shot message left by a form post for the page it redirects to, kept in a short-lived cookie.
public enum FlashCookie {
    static let name = "folio_flash"

    /// The `Set-Cookie` value carrying `flash`.
    public static func setCookie(_ flash: Flash) -> String {
        let encoded = Data("\(flash.kind.rawValue)\n\(flash.message)".utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: ".")
        return "\(name)=\(encoded); Path=/; Max-Age=60; HttpOnly; SameSite=Strict"
    }

    /// The flash in a cookie value, if it is one.
    static func decode(_ value: String) -> Flash? {
        guard let data = Data(base64Encoded: value.replacingOccurrences(of: ".", with: "=")),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        let parts = text.split(separator: "\n", maxSplits: 1).map(String.init)
        guard parts.count == 2, let kind = Flash.Kind(rawValue: parts[0]) else { return nil }
        return Flash(kind, parts[1])
    }
}

/// Reads the flash message into the context and clears its cookie once shown.
public struct FlashMiddleware: RouterMiddleware {
    /// The request context of every Folio route.
    public typealias Context = WebRequestContext

    /// Creates the middleware.
    public init() {}

    /// Applies the rule, then passes the request on to `next`.
    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        guard let value = request.cookies[FlashCookie.name]?.value else { return try await next(request, context) }
        var context = context
        context.flash = FlashCookie.decode(value)
        var response = try await next(request, context)
        if response.status != .seeOther {
            response.headers.append(
                HTTPField(name: .setCookie, value: "\(FlashCookie.name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict")
            )
        }
        return response
    }
}
