import Crypto
import CryptoExtras
import Foundation

/// A stored password: never the password itself, only what PBKDF2 derived from it with a random salt.
public struct PasswordHash: Codable, Sendable, Equatable {
    /// The algorithm, `pbkdf2-sha256`.
    public var algorithm: String
    /// PBKDF2 iterations used for ``hash``.
    public var rounds: Int
    /// The random salt, base64.
    public var salt: String
    /// The derived key, base64.
    public var hash: String

    /// Creates a stored hash.
    public init(algorithm: String = PBKDF2PasswordHasher.algorithm, rounds: Int, salt: String, hash: String) {
        self.algorithm = algorithm
        self.rounds = rounds
        self.salt = salt
        self.hash = hash
    }
}

/// Turns passwords into ``PasswordHash`` records and checks passwords against them.
public protocol PasswordHashing: Sendable {
    /// A fresh salted hash of `password`.
    func hash(_ password: String) throws -> PasswordHash
    /// Whether `password` is the one `stored` was made from; compares in constant time.
    func verify(_ password: String, against stored: PasswordHash) throws -> Bool
    /// Whether `stored` is weaker than what this hasher would make now (fewer rounds).
    func needsRehash(_ stored: PasswordHash) -> Bool
}

/// Salted PBKDF2-HMAC-SHA256 (swift-crypto), 210,000 rounds by default: OWASP's figure for this algorithm.
public struct PBKDF2PasswordHasher: PasswordHashing {
    /// The algorithm name stored with each hash.
    public static let algorithm = "pbkdf2-sha256"
    /// The live number of rounds (OWASP 2023 for PBKDF2-HMAC-SHA256).
    public static let defaultRounds = 210_000
    /// Salt length in bytes.
    public static let saltByteCount = 16
    /// Derived key length in bytes.
    public static let keyByteCount = 32

    /// The rounds used for new hashes.
    public let rounds: Int

    /// The live hasher, with ``defaultRounds``.
    public init() {
        rounds = Self.defaultRounds
    }

    /// A deliberately weak hasher so unit tests do not spend a second per signup. Never use it live.
    public init(insecureRoundsForTesting rounds: Int) {
        self.rounds = max(1, rounds)
    }

    /// A fresh salted hash of `password`.
    public func hash(_ password: String) throws -> PasswordHash {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<Self.saltByteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let key = try derive(password, salt: salt, rounds: rounds)
        return PasswordHash(
            rounds: rounds, salt: Data(salt).base64EncodedString(), hash: Data(key).base64EncodedString())
    }

    /// Whether `password` derives `stored`'s key with `stored`'s salt and rounds; constant-time comparison.
    public func verify(_ password: String, against stored: PasswordHash) throws -> Bool {
        guard stored.algorithm == Self.algorithm, stored.rounds >= 1,
            let salt = Data(base64Encoded: stored.salt), let expected = Data(base64Encoded: stored.hash)
        else { return false }
        let key = try derive(password, salt: Array(salt), rounds: stored.rounds)
        return Self.constantTimeEquals(key, Array(expected))
    }

    /// Whether `stored` used fewer rounds than this hasher uses now.
    public func needsRehash(_ stored: PasswordHash) -> Bool {
        stored.algorithm != Self.algorithm || stored.rounds < rounds
    }

    /// Compares every byte whatever the first difference, so timing reveals nothing about the hash.
    public static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }

    private func derive(_ password: String, salt: [UInt8], rounds: Int) throws -> [UInt8] {
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: Self.keyByteCount,
            unsafeUncheckedRounds: rounds)
        return key.withUnsafeBytes { Array($0) }
    }
}
