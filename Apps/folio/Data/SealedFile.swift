import Crypto
import CryptoExtras
import Failures
import Foundation

/// A file sealed with a passphrase: `folio db export --encrypt` and `db backup --encrypt` write one,
/// `db import` and `db restore` recognise and open it.
///
/// The layout is a first line naming the format, a JSON line with how the key was derived, then AES-256-GCM's
/// combined box (nonce, ciphertext, tag). The key comes from scrypt (N = 2¹⁵, r = 8, p = 1: about 32 MiB and a
/// tenth of a second, so each guess at a passphrase costs an attacker as much) over a random 16-byte salt. The
/// two text lines are authenticated with the contents, so a changed parameter is refused like a changed byte.
enum SealedFile {
    static let magic = Data("FOLIO-SEALED 1\n".utf8)

    /// How the key was derived, written in the clear on the second line.
    struct KeyDerivation: Codable, Equatable {
        var kdf = "scrypt"
        var rounds = 1 << 15
        var blockSize = 8
        var parallelism = 1
        var salt: Data
        var cipher = "AES-256-GCM"
    }

    /// Whether `data` starts as a sealed file does.
    static func isSealed(_ data: Data) -> Bool { data.starts(with: magic) }

    /// `contents` sealed with `passphrase` under a fresh salt and nonce.
    static func seal(_ contents: Data, passphrase: String) throws -> Data {
        let derivation = KeyDerivation(salt: Data((0..<16).map { _ in UInt8.random(in: .min ... .max) }))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let header = magic + (try encoder.encode(derivation)) + Data("\n".utf8)
        let box = try AES.GCM.seal(contents, using: try key(passphrase, derivation), authenticating: header)
        guard let combined = box.combined else { throw SealedFileError.damaged }
        return header + combined
    }

    /// The contents of a sealed file.
    /// - Throws: ``SealedFileError``: a damaged header, or a wrong passphrase (which GCM cannot tell from a changed
    ///   byte).
    static func open(_ data: Data, passphrase: String) throws(SealedFileError) -> Data {
        let rest = data.dropFirst(magic.count)
        guard isSealed(data), let newline = rest.firstIndex(of: UInt8(ascii: "\n")),
            let derivation = try? JSONDecoder().decode(KeyDerivation.self, from: Data(rest[..<newline])),
            derivation.kdf == "scrypt", derivation.cipher == "AES-256-GCM",
            derivation.rounds >= 2, derivation.rounds <= 1 << 20, derivation.rounds & (derivation.rounds - 1) == 0,
            (1...32).contains(derivation.blockSize), (1...16).contains(derivation.parallelism)
        else { throw .damaged }
        let header = data[..<rest.index(after: newline)]
        do {
            let box = try AES.GCM.SealedBox(combined: data[rest.index(after: newline)...])
            return try AES.GCM.open(box, using: try key(passphrase, derivation), authenticating: header)
        } catch {
            throw .wrongPassphraseOrChanged
        }
    }

    private static func key(_ passphrase: String, _ derivation: KeyDerivation) throws -> SymmetricKey {
        try KDF.Scrypt.deriveKey(
            from: Data(passphrase.utf8), salt: derivation.salt, outputByteCount: 32, rounds: derivation.rounds,
            blockSize: derivation.blockSize, parallelism: derivation.parallelism)
    }
}

/// Why a sealed file could not be opened.
enum SealedFileError: Error, CustomStringConvertible {
    case damaged
    case wrongPassphraseOrChanged

    var description: String {
        switch self {
        case .damaged: "its sealed header is damaged"
        case .wrongPassphraseOrChanged: "the passphrase is wrong, or the file was changed after it was sealed"
        }
    }
}

extension SealedFile {
    /// Writes `data` to `path` whole (a temporary file renamed over it), readable by this user alone.
    static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: NSString(string: path).expandingTildeInPath)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw FolioError(.ioError, "cannot write \(url.path)", why: error.localizedDescription, field: "output")
        }
        chmod(url.path, 0o600)
    }
}
