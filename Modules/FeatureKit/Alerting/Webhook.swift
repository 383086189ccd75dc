import AlertRules
import Failures
import Foundation
import Networking

/// A webhook firings are POSTed to, in the form ntfy and similar services accept: the text as the body,
/// `Title` and `Click` (the link, absolute so a phone can open it) as headers, and an `Idempotency-Key` that is
/// the firing's identity, so a receiver drops a repeat (one is possible only when a process dies after a POST and before its commit).
public struct Webhook: Sendable, Equatable {
    /// The URL.
    public let url: URL
    /// A warning to show when the URL is plain http to another machine, nil otherwise.
    public let warning: String?
    /// How long one POST may take before it counts as failed (and stays in the outbox for the next check).
    public var timeout: Duration = .seconds(10)
    /// Where a firing's relative link (`/races`) is resolved for `Click`: `web.publicURL`, or the address
    /// `folio serve` listens on; nil sends the link as it is.
    public var linkBase: URL?

    /// Reads a webhook URL as typed or configured; `origin` names where it came from (`--notify`, the
    /// `alerts.webhook` key of config.json).
    /// - Throws: ``FolioError`` (usage) for anything but an absolute http(s) URL with a host.
    public init(_ text: String, origin: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty,
            let url = components.url
        else {
            throw FolioError(
                .usage, "\(origin) \"\(text)\" is not a webhook URL",
                why: "a webhook is an absolute http or https URL with a host",
                hint: "for example https://ntfy.sh/my-folio-alerts", field: "notify")
        }
        self.url = url
        let loopback = ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host.lowercased()) || host.hasPrefix("127.")
        warning =
            scheme == "http" && !loopback
            ? "\(origin) \(trimmed) is plain http to another machine: alerts travel unencrypted" : nil
    }

    /// The request that delivers `firing`.
    public func request(for firing: Firing) -> HTTPRequest {
        var headers: HTTPHeaders = [
            "Content-Type": "text/plain; charset=utf-8",
            "Title": Self.headerSafe(firing.title),
            "Idempotency-Key": firing.key,
            "Tags": "folio,\(firing.kind)",
        ]
        if let link = firing.link { headers["Click"] = absolute(link) }
        return HTTPRequest(method: "POST", url: url, headers: headers, body: Data(firing.body.utf8), timeout: timeout)
    }

    /// `link` resolved against ``linkBase``; an absolute link stays as it is.
    func absolute(_ link: String) -> String {
        guard let linkBase, URLComponents(string: link)?.scheme == nil,
            let resolved = URL(string: link, relativeTo: linkBase)
        else { return link }
        return resolved.absoluteString
    }

    /// Sends `firing`; returns normally only on a 2xx answer.
    /// - Throws: ``FolioError`` (unavailable) saying what the webhook answered or why it could not be reached.
    public func deliver(_ firing: Firing, over http: any HTTPClient) async throws {
        let response: HTTPResponse
        do {
            response = try await http.send(request(for: firing))
        } catch {
            throw FolioError(.unavailable, "the webhook \(url.absoluteString) was not reached", why: "\(error)")
        }
        guard response.isSuccess else {
            throw FolioError(
                .unavailable, "the webhook \(url.absoluteString) refused the alert",
                why: "it answered \(response.status)")
        }
    }

    /// Header values are one line of visible ASCII: breaks and tabs become spaces, and a title with anything
    /// beyond ASCII (`£`) is sent as RFC 2047 encoded-words (`=?UTF-8?B?…?=`), which ntfy and mail-style
    /// receivers decode back to the exact text; an ASCII title is sent as it is.
    static func headerSafe(_ text: String) -> String {
        let line = String(
            text.unicodeScalars.map { scalar -> Character in
                scalar == "\n" || scalar == "\r" || scalar == "\t" ? " " : Character(scalar)
            })
        guard line.unicodeScalars.contains(where: { !$0.isASCII || $0.value < 0x20 || $0.value == 0x7F }) else {
            return line
        }
        return encodedWords(line)
    }

    /// `text` as encoded-words of at most 75 characters each (the RFC's limit), split between characters so
    /// each word decodes on its own; a decoder drops the spaces between adjacent words.
    static func encodedWords(_ text: String) -> String {
        // 45 bytes are 60 base64 characters: with `=?UTF-8?B?` and `?=` a word is 72 characters.
        let limit = 45
        var words: [String] = []
        var chunk = Data()
        for character in text {
            let bytes = Data(String(character).utf8)
            if !chunk.isEmpty && chunk.count + bytes.count > limit {
                words.append(chunk.base64EncodedString())
                chunk = Data()
            }
            chunk.append(bytes)
        }
        if !chunk.isEmpty { words.append(chunk.base64EncodedString()) }
        return words.map { "=?UTF-8?B?\($0)?=" }.joined(separator: " ")
    }
}
