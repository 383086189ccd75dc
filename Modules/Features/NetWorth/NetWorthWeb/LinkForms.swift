import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import NetWorth

/// The `/networth` forms that make an account follow a value source or stop: each calls ``LinkService``; the outcome,
/// or the refusal in words, comes back as the page's flash, and a refusal stores nothing.
struct LinkForms {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func link(
        _ request: Request, context: WebRequestContext
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        do {
            let changed = try await LinkService(NetWorthWeb.dependencies(environment)).link(
                fields["account"] ?? "", to: (fields["source"] ?? "").trimmingCharacters(in: .whitespaces))
            let message =
                "\"\(changed.account)\" now follows \(changed.source)." + (changed.warning.map { " \($0)." } ?? "")
            return WebResponses.redirect(
                to: "/networth", flash: Flash(changed.warning == nil ? .success : .warning, message))
        } catch {
            return WebResponses.redirect(to: "/networth", flash: Flash(.error, FolioError.from(error).line))
        }
    }

    /// The overview's one click: a new investment account called `name` that follows `source` (as `accounts add
    /// --linked-to`), back to where the click came from (`/`).
    func follow(
        _ request: Request, context: WebRequestContext
    ) async throws
        -> Response
    {
        let fields = try await FormData.read(request, context: context)
        let source = (fields["source"] ?? "").trimmingCharacters(in: .whitespaces)
        let back = fields["back"] == "/" ? "/" : "/networth"
        do {
            let added = try await AccountService(NetWorthWeb.dependencies(environment)).add(
                NewAccount(name: fields["name"] ?? "", type: .investment, currency: nil, openingBalance: nil),
                linkedTo: source)
            return WebResponses.redirect(
                to: back, flash: Flash(.success, "Added \"\(added.name)\" (\(added.currency)); it follows \(source)."))
        } catch {
            return WebResponses.redirect(to: back, flash: Flash(.error, FolioError.from(error).line))
        }
    }

    func unlink(
        _ request: Request, context: WebRequestContext
    ) async throws
        -> Response
    {
        let fields = try await FormData.read(request, context: context)
        do {
            let changed = try await LinkService(NetWorthWeb.dependencies(environment)).unlink(fields["account"] ?? "")
            return WebResponses.redirect(
                to: "/networth", flash: Flash(.success, "\"\(changed.account)\" no longer follows \(changed.source)."))
        } catch {
            return WebResponses.redirect(to: "/networth", flash: Flash(.error, FolioError.from(error).line))
        }
    }

    /// `sync`: records each linked account's changed value now, as the terminal's `folio networth sync`.
    func sync() async -> Response {
        do {
            let report = try await SyncService(NetWorthWeb.dependencies(environment, waiting: true)).sync()
            let skipped = report.accounts.filter { $0.outcome == "skipped" }.count
            let message =
                "Synced: \(report.recorded) balance\(report.recorded == 1 ? "" : "s") recorded"
                + (skipped == 0 ? "." : ", \(skipped) skipped (their source gave no value that can be used).")
            return WebResponses.redirect(to: "/networth", flash: Flash(skipped == 0 ? .success : .warning, message))
        } catch {
            return WebResponses.redirect(to: "/networth", flash: Flash(.error, FolioError.from(error).line))
        }
    }

    /// The form: an account and one of the sources the host knows, each with its value now (`nil`: they did not
    /// answer in time), and the button that records the linked values now.
    static func form(_ names: [String], sources: [KnownSource]?, csrf: String) -> HTML {
        let sync = Components.postForm(
            action: "/networth/sync", csrf: csrf, class: "inline",
            "<button type=\"submit\" class=\"secondary\">Record linked values now</button>")
        guard let sources else {
            return Components.notice(
                "The sources to follow did not answer in time; reload the page to try again.", kind: "warning")
                + sync
        }
        guard !sources.isEmpty else {
            return Components.notice(
                "No other feature has a value to follow yet: a paper stock account, imported funds or a saved ETF portfolio."
            )
                + sync
        }
        var content = Components.select(
            "account", label: "Account", options: names.map { ($0, $0) }, selected: nil)
        content += Components.select(
            "source", label: "Source", options: sources.map { ($0.name, title($0)) }, selected: nil)
        content += "<button type=\"submit\">Follow</button>"
        return Components.postForm(action: "/networth/accounts/link", csrf: csrf, content) + sync
    }

    /// `Paper account test@stockport.com — $10,609.93`, or why it has no value.
    static func title(_ source: KnownSource) -> String {
        let words = source.summary.split(separator: " (").first.map(String.init) ?? source.summary
        switch source.reading {
        case .value(let value):
            return "\(source.name) — \(NumberFormat.money(value.amount, currency: value.currency)) (\(words))"
        case .nothing(let why), .unavailable(let why):
            return "\(source.name) — no value now: \(why)"
        }
    }

    /// The button that stops `name` following its source.
    static func unlinkButton(_ name: String, csrf: String) -> HTML {
        AccountForms.accountButton(name, action: "/networth/accounts/unlink", label: "Unlink", csrf: csrf)
    }
}
