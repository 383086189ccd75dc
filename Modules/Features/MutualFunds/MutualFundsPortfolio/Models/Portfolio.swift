import Money
import MutualFunds
import Timing

/// The user's own mutual funds: folios → schemes → transactions, stored as one record in the funds namespace.
public struct Portfolio: Sendable, Hashable, Codable {
    /// Every held scheme, by folio then scheme.
    public var schemes: [HeldScheme]

    /// Creates a portfolio.
    public init(schemes: [HeldScheme] = []) {
        self.schemes = schemes.sorted { $0.key < $1.key }
    }

    /// Every transaction with the scheme it belongs to.
    public var transactions: [(scheme: HeldScheme, transaction: PortfolioTransaction)] {
        schemes.flatMap { scheme in scheme.transactions.map { (scheme, $0) } }
    }

    /// What merging a statement changed.
    public struct MergeCount: Sendable, Hashable {
        /// Transactions the portfolio did not have yet.
        public var added: Int
        /// Transactions it already had (left as they were).
        public var known: Int
        /// Schemes it did not hold yet.
        public var newSchemes: Int
    }

    /// The portfolio with `statement`'s schemes merged in: a transaction already held (same ``PortfolioTransaction/id``)
    /// is not added again, so re-importing a statement, or a later one that overlaps it, adds only what is new.
    /// A scheme's reconciliation mark and closing units follow the newest statement.
    public func merging(_ statement: [HeldScheme]) -> (portfolio: Portfolio, count: MergeCount) {
        var byKey = Dictionary(uniqueKeysWithValues: schemes.map { ($0.key, $0) })
        var count = MergeCount(added: 0, known: 0, newSchemes: 0)
        for incoming in statement {
            guard var held = byKey[incoming.key] else {
                var fresh = incoming
                fresh.transactions = Self.ordered(incoming.transactions)
                byKey[incoming.key] = fresh
                count.newSchemes += 1
                count.added += incoming.transactions.count
                continue
            }
            var known = Set(held.transactions.map(\.id))
            for transaction in incoming.transactions {
                if known.insert(transaction.id).inserted {
                    held.transactions.append(transaction)
                    count.added += 1
                } else {
                    count.known += 1
                }
            }
            held.transactions = Self.ordered(held.transactions)
            held.amfi = held.amfi ?? incoming.amfi
            held.statementType = incoming.statementType ?? held.statementType
            held.closingUnits = incoming.closingUnits ?? held.closingUnits
            held.reconciled = held.reconciled && incoming.reconciled
            held.mismatch = incoming.mismatch ?? held.mismatch
            byKey[incoming.key] = held
        }
        return (Portfolio(schemes: Array(byKey.values)), count)
    }

    /// Transactions by date, keeping the given order within a day (a statement's order is its own record of
    /// what came first).
    static func ordered(_ transactions: [PortfolioTransaction]) -> [PortfolioTransaction] {
        transactions.enumerated().sorted {
            $0.element.date != $1.element.date ? $0.element.date < $1.element.date : $0.offset < $1.offset
        }.map(\.element)
    }

    /// The portfolio without the transaction `id`; nil when no transaction has that id. A scheme left with no
    /// transactions and no opening units is dropped.
    public func removing(id: String) -> (portfolio: Portfolio, removed: (HeldScheme, PortfolioTransaction))? {
        for (index, scheme) in schemes.enumerated() {
            guard let position = scheme.transactions.firstIndex(where: { $0.id == id }) else { continue }
            var copy = schemes
            let removed = copy[index].transactions.remove(at: position)
            if copy[index].transactions.isEmpty && copy[index].openingUnits.isZero { copy.remove(at: index) }
            return (Portfolio(schemes: copy), (scheme, removed))
        }
        return nil
    }
}
