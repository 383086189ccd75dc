import ArgumentParser
import NetWorth

extension CompletionKind {
    /// The currency codes folio knows, for shells that complete option values.
    static var currencies: CompletionKind { .list(CurrencyCode.known.sorted()) }
}
