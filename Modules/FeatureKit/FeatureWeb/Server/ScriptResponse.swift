import Hummingbird

extension WebResponses {
    /// A feature's own script, cacheable for an hour (so it never sets a cookie).
    public static func javaScript(_ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/javascript; charset=utf-8"
        headers[.cacheControl] = "public, max-age=3600"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
