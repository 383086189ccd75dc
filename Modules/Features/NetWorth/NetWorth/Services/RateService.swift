import Failures
import Money
import Timing

/// `rate set`, `rate list`, `rate remove` and `settings`: each change one transaction.
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

    /// Sets `currency`'s rate from `date` on, replacing a rate of the same date.
    /// - Returns: The rate set (into the base currency) and the one it replaced, if any.
    /// - Throws: ``FolioError`` for an unknown currency, the base currency itself, or a rate that is not positive.
    public func set(
        _ currency: String, rate: Amount, on date: CalendarDate
    ) async throws
        -> (set: ExchangeRate, replaced: ExchangeRate?)
    {
        do {
            let code = try CurrencyCode.validate(currency)
            let replaced = try await dependencies.repository.setRate(currency: code, rate: rate, on: date)
            let base = try await dependencies.repository.settings().baseCurrency
            return (ExchangeRate(currency: code, base: base, date: date, rate: rate), replaced)
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

    /// Saves the toggles `inclusion` sets (leaving the others as saved) and, when given, a new base currency.
    /// - Throws: ``FolioError`` (field `baseCurrency`) for an unknown currency.
    public func saveSettings(_ inclusion: InclusionOverride, baseCurrency: String?) async throws -> NetWorthSettings {
        do {
            let base: String?
            do {
                base = try baseCurrency.map(CurrencyCode.validate)
            } catch {
                throw FolioError(error).blaming("baseCurrency")
            }
            return try await dependencies.repository.updateSettings { settings in
                settings.inclusion = inclusion.resolve(settings.inclusion)
                if let base { settings.baseCurrency = base }
            }
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }
}
