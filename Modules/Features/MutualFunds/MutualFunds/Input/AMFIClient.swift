import Foundation
import Networking

/// A failed NAVAll.txt request in a user's words (the URL and body go to the debug log).
struct AMFIFailure: Error, Sendable, CustomStringConvertible {
    /// The transport's error, or nil when the file came but could not be read.
    var cause: NetworkError?
    /// Why the file could not be read.
    var format: AMFIFormatError?

    var description: String {
        if let format { return "AMFI's NAV file cannot be read: \(format)" }
        switch cause {
        case .timedOut?, .noAnswer?: return "AMFI did not answer in time"
        case .connectionFailed?: return "AMFI could not be reached"
        case .status(let code, _, _, _)?: return "AMFI answered HTTP \(code)"
        default: return "AMFI's NAV file could not be fetched"
        }
    }

    /// A stale copy may stand in for timeouts, 429 and 5xx, as for the MF API.
    static func fallsBack(_ error: any Error) -> Bool { (error as? AMFIFailure)?.cause?.isTransient ?? false }
}

/// AMFI's NAVAll.txt over HTTP (one request for every open scheme's latest NAV).
struct AMFIClient: Sendable {
    let url: URL
    let http: any HTTPClient

    /// The parsed file.
    /// - Throws: ``AMFIFailure``.
    func navAll(diagnostics: @Sendable (String) -> Void) async throws -> AMFINAVFile {
        let response: HTTPResponse
        do {
            response = try await http.send(HTTPRequest(url: url, headers: ["Accept": "text/plain"]))
        } catch let error as NetworkError {
            diagnostics("AMFI: \(error.description)")
            throw AMFIFailure(cause: error)
        }
        guard (200..<300).contains(response.status) else {
            let error = NetworkError.status(
                code: response.status, url: response.url, body: response.bodySnippet, retryAfter: nil)
            diagnostics("AMFI: \(error.description)")
            throw AMFIFailure(cause: error)
        }
        do {
            return try AMFINAVAll.parse(String(decoding: response.body, as: UTF8.self))
        } catch {
            throw AMFIFailure(format: error)
        }
    }
}
