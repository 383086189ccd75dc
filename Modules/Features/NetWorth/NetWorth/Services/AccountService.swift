import Failures
import Money
import Timing

/// `accounts`: add, rename, remove, include, exclude and note accounts, each in one transaction.
public struct AccountService: Sendable {
    private let dependencies: NetWorthDependencies

    /// Creates the service.
    public init(_ dependencies: NetWorthDependencies) {
        self.dependencies = dependencies
    }

    /// Every account in the order added.
    public func list() async throws -> [AccountReport] {
        do {
            return try await dependencies.repository.accounts().map { AccountReport($0) }
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// Every account in the order added as `accounts list` prints it, each linked account's source read once.
    public func listings() async throws -> [AccountListing] {
        do {
            let (portfolio, links) = try await dependencies.repository.linkedPortfolio()
            let readings = await LinkedBalances.read(links, with: dependencies.sources)
            return try portfolio.accounts.map { account throws(NetWorthError) in
                try AccountListing(
                    account, link: links[account.id], reading: readings[account.id], rates: portfolio.rates,
                    on: dependencies.today)
            }
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// The account called `name` as `accounts show` prints it, its source (when it follows one) read now.
    /// - Throws: ``FolioError`` (refused, field `account`) when there is none.
    public func listing(named name: String) async throws -> AccountListing {
        do {
            let (portfolio, links) = try await dependencies.repository.linkedPortfolio()
            let account = try await dependencies.repository.account(named: name)
            guard let link = links[account.id] else {
                return try AccountListing(account, link: nil, reading: nil)
            }
            return try AccountListing(
                account, link: link, reading: await dependencies.sources.read(link.source), rates: portfolio.rates,
                on: dependencies.today)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// The account called `name` with its listing, how it counts and its value today (``AccountDetail``).
    /// - Throws: ``FolioError`` (refused) when no account has that name.
    public func detail(named name: String) async throws -> AccountDetail {
        let listing = try await listing(named: name)
        do {
            let portfolio = try await dependencies.repository.portfolio()
            let account = try await dependencies.repository.account(named: listing.name)
            return try AccountDetail(account, listing: listing, portfolio: portfolio, today: dependencies.today)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// The account called `name`, matched in NFC and ignoring case.
    /// - Throws: ``FolioError`` (refused, field `account`) when there is none.
    public func account(named name: String) async throws -> Account {
        do {
            return try await dependencies.repository.account(named: name)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// Adds an account, with its opening balance dated `request.openingBalance.date`.
    /// - Throws: ``FolioError`` for a name taken (in NFC, ignoring case), empty or over 60 characters (field
    ///   `name`); an unknown currency; an opening balance ``BalanceRules`` refuses; a note over 1,000 characters.
    /// - Parameters:
    ///   - source: A value source the account follows from the start (checked first: nothing is stored when it is
    ///     refused).
    ///   An account given no currency takes its source's when it follows one, else the base currency; one given a
    ///   currency other than its source's is refused.
    public func add(_ request: NewAccount, linkedTo source: String? = nil) async throws -> AccountReport {
        var request = request
        var link: AccountLink?
        if let source {
            let checked = try await LinkService.check(source, with: dependencies.sources)
            if let currency = checked.currency, currency != request.currency {
                if let asked = request.currency {
                    throw FolioError(
                        .refused, "\"\(request.name)\" cannot follow \(source)",
                        why: "the source values in \(currency), not \(asked)",
                        hint: "leave the currency out, or give \(currency)", field: "source")
                }
                request.currency = currency
            }
            link = AccountLink(source: source, linkedOn: dependencies.today)
        }
        do {
            let today = dependencies.today
            let account = try await dependencies.repository.add(request, today: today, link: link)
            let rates = try await dependencies.repository.rates()
            let date = account.updates.first?.date ?? today
            guard account.currency != rates.base, rates.conversion(for: account.currency, on: date) == nil else {
                return AccountReport(account)
            }
            return AccountReport(
                account, missingRate: MissingRate(currency: account.currency, base: rates.base, date: date))
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// Renames an account; changing only the case is allowed.
    /// - Returns: The account before and after.
    public func rename(_ name: String, to newName: String) async throws -> (before: AccountReport, after: AccountReport)
    {
        do {
            let before = try await dependencies.repository.account(named: name)
            let after = try await dependencies.repository.rename(name, to: newName)
            return (AccountReport(before), AccountReport(after))
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// Removes an account with every balance update.
    public func remove(named name: String) async throws -> AccountReport {
        do {
            return AccountReport(try await dependencies.repository.remove(named: name))
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// Counts the account in net worth (`included`) or leaves it out.
    public func setIncluded(_ included: Bool, named name: String) async throws -> InclusionChanged {
        do {
            let (account, changed) = try await dependencies.repository.setIncluded(included, named: name)
            return InclusionChanged(account: account.name, included: account.isIncluded, changed: changed)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// Sets the account's note, or clears it with nil or empty text.
    /// - Throws: ``FolioError`` (field `note`) over 1,000 characters.
    public func setNote(_ note: String?, named name: String) async throws -> AccountReport {
        do {
            return AccountReport(try await dependencies.repository.setNote(note, named: name))
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }
}
