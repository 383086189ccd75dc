/// The one error type users see, whatever the face: what failed, why, an optional hint, the input it blames,
/// and the kind of failure, which fixes the exit code and the HTTP status.
///
/// Domains throw it from their services with messages in the user's words and no flag names; the terminal prints
/// `error: <what> — <why>` and `hint: <hint>` (naming the flag for ``field``), a form shows it beside that field,
/// and the JSON API returns it as problem details. No face ever parses its text.
public struct FolioError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The class of failure, which fixes the exit code and the HTTP status.
    public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
        /// A value the rules refuse: a negative quantity, an unknown symbol, a malformed date. Exit 1, HTTP 422.
        case invalid
        /// The thing asked for does not exist: no scheme 999999, no account named so. Exit 1, HTTP 404.
        case notFound
        /// Refused by the state of what is stored: insufficient cash, selling more than held, a duplicate,
        /// a confirmation declined. Exit 1, HTTP 409.
        case refused
        /// Wrong command-line usage or configuration. Exit 64, HTTP 422.
        case usage
        /// Malformed input data: a bad file, an API body that cannot be decoded, a damaged store. Exit 65.
        case dataError
        /// An input file that does not exist or cannot be read. Exit 66 (sysexits' `EX_NOINPUT`).
        case noInput
        /// A remote service or the database is unavailable (or, for the database, too contended to commit) and
        /// there is no usable cached data. Exit 69, HTTP 503.
        case unavailable
        /// A bug or an environment failure folio cannot name more precisely. Exit 70.
        case `internal`
        /// An output could not be written: a full disk, a closed pipe. Exit 74 (sysexits' `EX_IOERR`).
        case ioError
        /// A file folio must write (its store) that this user may not write. Exit 77 (sysexits' `EX_NOPERM`).
        case noPermission

        /// The process exit code (sysexits.h where one fits).
        public var exitCode: Int32 {
            switch self {
            case .invalid, .notFound, .refused: 1
            case .usage: 64
            case .dataError: 65
            case .noInput: 66
            case .unavailable: 69
            case .internal: 70
            case .ioError: 74
            case .noPermission: 77
            }
        }
    }

    /// The class of failure.
    public var kind: Kind
    /// What failed, e.g. `cannot sell 5 AAPL`.
    public var what: String
    /// Why, e.g. `you hold 2`.
    public var why: String?
    /// What to do about it.
    public var hint: String?
    /// The input the refusal blames, in the names forms and JSON use (`quantity`, `symbol`, `amount`, `date`,
    /// `file`); nil when no one input is at fault.
    public var field: String?
    /// Which refusal this is, for a face that offers its own way out of it (a flag on the terminal, a checkbox on a
    /// form); nil for most. Faces switch on it, never on the words.
    public var reason: Reason?

    /// A stable name of a refusal's cause, declared by the domain that throws it
    /// (`extension FolioError.Reason { public static let … }`).
    public struct Reason: RawRepresentable, Hashable, Sendable {
        /// The name.
        public var rawValue: String

        /// Creates a reason from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// Creates an error.
    public init(
        _ kind: Kind, _ what: String, why: String? = nil, hint: String? = nil, field: String? = nil,
        reason: Reason? = nil
    ) {
        self.kind = kind
        self.what = what
        self.why = why
        self.hint = hint
        self.field = field
        self.reason = reason
    }

    /// The process exit code.
    public var exitCode: Int32 { kind.exitCode }

    /// `what — why` on one line, as a page or a form shows it.
    public var line: String { why.map { "\(what) — \($0)" } ?? what }

    /// `error: what — why` plus a `hint:` line when there is one.
    public var description: String {
        var text = "error: \(line)"
        if let hint { text += "\nhint: \(hint)" }
        return text
    }

    /// The same error blaming `field`.
    public func blaming(_ field: String) -> FolioError {
        var copy = self
        copy.field = field
        return copy
    }
}

extension FolioError.Reason {
    /// A command that reads its own arguments met a long option it does not take; the host names the nearest one.
    public static let unknownOption = FolioError.Reason(rawValue: "unknownOption")
}
