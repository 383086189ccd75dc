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

    /// The file's digest and the file parsed, or not parsed (nil) when its digest is `known`, the stored file's:
    /// AMFI serves the same file until the next NAV day, and parsing and storing 14,000 rows again is most of a
    /// cold valuation's time.
    /// - Throws: ``AMFIFailure``.
    func navAll(
        diagnostics: @Sendable (String) -> Void, known: String? = nil
    ) async throws
        -> (file: AMFINAVFile?, digest: String)
    {
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
        let digest = AMFIDigest.of(response.body)
        if digest == known { return (nil, digest) }
        do {
            return (try AMFINAVAll.parse(String(decoding: response.body, as: UTF8.self)), digest)
        } catch {
            throw AMFIFailure(format: error)
        }
    }
}

/// A file's fingerprint: its length and a 64-bit FNV-1a hash of its bytes (telling AMFI's file from the same file
/// fetched again, not guarding against anyone).
enum AMFIDigest {
    static func of(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return "\(data.count)-" + String(hash, radix: 16)
    }
}
