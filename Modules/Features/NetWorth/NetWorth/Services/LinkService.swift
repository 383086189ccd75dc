import Failures
import Foundation
import Money
import Timing

/// `accounts link` and `unlink`: make an account follow a value source another feature contributes, or stop.
/// Linking checks the source first and stores nothing when it is refused; it records no balance (a sync does).
public struct LinkService: Sendable {
    private let dependencies: NetWorthDependencies

    /// Creates the service.
    public init(_ dependencies: NetWorthDependencies) {
        self.dependencies = dependencies
    }

    /// Links the account called `name` to `source`; an account without balances takes the source's currency.
    /// - Throws: ``FolioError`` (field `source`) for a malformed name, an unknown source, a disabled feature's source,
    ///   or one another account follows; (field `account`) for an
    ///   unknown account.
    public func link(_ name: String, to source: String) async throws -> LinkChanged {
        let reading = try await Self.check(source, with: dependencies.sources)
        do {
            let link = AccountLink(source: source, linkedOn: dependencies.today)
            let (account, replaced) = try await dependencies.repository.link(name, to: link, currency: reading.currency)
            var warning = reading.warning
            if let code = reading.currency, code != account.currency {
                let (portfolio, _) = try await dependencies.repository.linkedPortfolio()
                let note =
                    LinkedBalances.convert(
                        1, from: code, to: account.currency, rates: portfolio.rates, on: dependencies.today)
                        == nil
                    ? "\(source) values in \(code) and no stored rate turns that into \(account.currency) yet: set one for the account to show its value"
                    : "\(source) values in \(code): its values are converted into \(account.currency) with the stored rates"
                warning = [warning, note].compactMap { $0 }.joined(separator: "; ")
            }
            return LinkChanged(
                account: account.name, source: source, linked: true, currency: account.currency,
                replaced: replaced?.source, warning: warning)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// Stops the account called `name` following its source; its recorded balances stay.
    /// - Throws: ``FolioError`` for an unknown account or one that follows nothing.
    public func unlink(_ name: String) async throws -> LinkChanged {
        do {
            let (account, removed) = try await dependencies.repository.unlink(name)
            return LinkChanged(
                account: account.name, source: removed.source, linked: false, currency: account.currency, replaced: nil,
                warning: nil)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// Checks `source` with `sources`: its currency (the value's, else the one its kind declares, so an account
    /// following an empty source still takes it), and a warning when it gave no value.
    static func check(
        _ source: String, with sources: LinkedSources
    ) async throws -> (currency: String?, warning: String?) {
        let reading: SourceReading
        do {
            reading = try await sources.check(source)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
        let declared = sources.currency(source)
        switch reading {
        case .value(let value): return (value.currency, nil)
        case .nothing(let why):
            return (declared, "\(source) has no value now (\(why)); the account shows one once it has")
        case .unavailable(let why):
            return (declared, "\(source) cannot be read now (\(why)); the account shows its value once it can")
        }
    }
}

/// The outcome of `accounts link` or `unlink`, as `--format json` prints it.
public struct LinkChanged: Codable, Sendable, Equatable {
    /// The account's name.
    public var account: String
    /// The source linked or unlinked.
    public var source: String
    /// True after a link, false after an unlink.
    public var linked: Bool
    /// The account's currency (a new account takes the source's).
    public var currency: String
    /// The source the account followed before, when a link replaced one.
    @NullEncodable public var replaced: String?
    /// Why the source gave no value now, when it did not.
    @NullEncodable public var warning: String?
}
