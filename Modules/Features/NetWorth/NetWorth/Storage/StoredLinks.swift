import Persistence

/// Where links live: one record per linked account, `link/<account id>`, beside the account rather than inside
/// it, so linking never rewrites a balance history and reading the links is one prefix scan.
enum LinkKey {
    static let links = KeyRange.prefix("link/")

    static func link(_ id: Int) -> String {
        let digits = String(id)
        return "link/" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    /// The account id of a link's key.
    static func id(of key: String) -> Int? { Int(key.dropFirst("link/".count)) }
}

extension Tx {
    /// Every link, by account id.
    func links() throws -> [Int: AccountLink] {
        var links: [Int: AccountLink] = [:]
        for entry in try transaction.scan(AccountLink.self, LinkKey.links) {
            if let id = LinkKey.id(of: entry.key) { links[id] = entry.value }
        }
        return links
    }

    /// Refuses `source` when an account already follows it: counting one value twice would double it.
    func requireUnfollowed(_ source: String, except id: Int? = nil) throws {
        let accounts = try self.accounts()
        for (linked, link) in try links() where link.source == source && linked != id {
            let name = accounts.first { $0.id == linked }?.name ?? "another account"
            throw NetWorthError(
                .refused, "\"\(name)\" already follows \(source)",
                why: "two accounts following one source would count its value twice",
                hint: "unlink \"\(name)\" first", field: "source")
        }
    }
}
