import Failures
import Money
import Timing

/// `rate list`, `rate remove` and `settings`, for faces that change them outside a command: each one transaction.
public struct RateService: Sendable {
    private let dependencies: NetWorthDependencies

    /// Creates the service.
    public init(_ dependencies: NetWorthDependencies) {
        self.dependencies = dependencies
    }

    /// Every stored rate into the base currency (of `currency` only, when given), by currency then date.
    public func list(_ currency: String? = nil) async throws -> (base: String, rates: [ExchangeRate]) {
        do {
            let rates = try await dependencies.repository.rates()
            let code = try currency.map(CurrencyCode.validate)
            return (rates.base, code.map { rates.history(of: $0) } ?? rates.all)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// Removes the rate of `currency` dated `date`.
    /// - Throws: ``FolioError`` when there is no such rate.
    public func remove(_ currency: String, on date: CalendarDate) async throws -> ExchangeRate {
        do {
            return try await dependencies.repository.removeRate(currency: currency, on: date)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// The saved settings.
    public func settings() async throws -> NetWorthSettings {
        do {
            return try await dependencies.repository.settings()
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// Saves the toggles and, when given, a new base currency.
    /// - Throws: ``FolioError`` (field `baseCurrency`) for an unknown currency.
    public func saveSettings(includePensions: Bool, includeMortgages: Bool, baseCurrency: String?) async throws
        -> NetWorthSettings
    {
        do {
            let base: String?
            do {
                base = try baseCurrency.map(CurrencyCode.validate)
            } catch {
                throw FolioError(error).blaming("baseCurrency")
            }
            return try await dependencies.repository.updateSettings { settings in
                settings.inclusion.includePensions = includePensions
                settings.inclusion.includeMortgages = includeMortgages
                if let base { settings.baseCurrency = base }
            }
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }
}
