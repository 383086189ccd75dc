import Crypto
import Foundation

/// Random tokens and keyed digests for cookies, CSRF and access tokens.
public enum Secrets {
    /// 256 random bits from the system's secure generator, base64url without padding.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return base64URL(Data(bytes))
    }

    /// HMAC-SHA256 of `message` under `key`, base64url.
    public static func mac(_ message: String, key: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: SymmetricKey(data: Data(key.utf8)))
        return base64URL(Data(code))
    }

    /// SHA-256 of `text`, hex; how session ids are kept, so the table never holds a usable id.
    public static func digest(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Compares without stopping at the first difference, so timing does not reveal a prefix.
    public static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let (a, b) = (Array(lhs.utf8), Array(rhs.utf8))
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
