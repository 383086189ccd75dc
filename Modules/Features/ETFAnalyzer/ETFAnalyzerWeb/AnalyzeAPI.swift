import ETFAnalyzer
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Timing

/// `/api/etf/analyze?saved=NAME[&asOf=YYYY-MM-DD][&live=1]`: a saved portfolio's ``PortfolioReport``, encoded as
/// `folio etf analyze --saved NAME [--live] --format json` prints it; refusals as problem details naming the
/// parameter.
struct AnalyzeAPI {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func response(_ request: Request) async -> Response {
        do {
            let query = request.uri.queryParameters
            guard let saved = query["saved"].map(String.init), !saved.isEmpty else {
                throw FolioError(
                    .invalid, "no portfolio named", hint: "give ?saved=NAME, a portfolio saved with folio etf save",
                    field: "saved")
            }
            let asOf = try Self.date(query["asOf"].map(String.init))
            let live = try Self.flag(query["live"].map(String.init), name: "live")
            guard let context = environment.featureContext else {
                throw FolioError(.unavailable, "the etf feature is disabled")
            }
            let service = PortfolioAnalysisService(store: context.store, timing: context.timing)
            guard live else { return WebResponses.json(encoding: try await service.analyze(saved: saved, asOf: asOf)) }
            let priced = try await ETFReportPage.savedLiveReport(saved, asOf: asOf, context: context, service: service)
            return WebResponses.json(encoding: priced.report)
        } catch {
            return WebResponses.problem(Self.refusal(error))
        }
    }

    /// The analysis date a query gives: none when absent or empty.
    /// - Throws: ``FolioError`` (invalid) blaming `asOf` for anything but a `YYYY-MM-DD` date: a date that is not
    ///   understood is refused, never silently replaced by today.
    static func date(_ text: String?) throws(FolioError) -> CalendarDate? {
        guard let text, !text.isEmpty else { return nil }
        guard let date = CalendarDate(iso8601: text) else {
            throw FolioError(
                .invalid, "\"\(text)\" is not a date", why: "dates are written YYYY-MM-DD, such as 2025-06-30",
                field: "asOf")
        }
        return date
    }

    /// A yes-or-no parameter: `1`, `true` or `on` for yes; absent, empty, `0`, `false` or `off` for no.
    /// - Throws: ``FolioError`` (invalid) blaming `name` for anything else, rather than guess.
    static func flag(_ text: String?, name: String) throws(FolioError) -> Bool {
        switch text?.lowercased() ?? "" {
        case "1", "true", "on": return true
        case "", "0", "false", "off": return false
        default:
            throw FolioError(
                .invalid, "\"\(text ?? "")\" is not yes or no", why: "\(name) is 1 or 0 (true or false)", field: name)
        }
    }

    /// The domain's refusals as a web client reads them.
    /// - Parameter field: The input a pasted or uploaded portfolio's problems are blamed on.
    static func refusal(_ error: any Error, blaming field: String = "csv") -> FolioError {
        switch error {
        case let error as PortfolioText.Refusal:
            FolioError(
                .dataError, "the portfolio is not valid",
                why: "\(error.issues.count) problem\(error.issues.count == 1 ? "" : "s"), nothing was analyzed: "
                    + error.issues.map(\.description).joined(separator: "; "),
                hint: "fix every row listed; folio etf template shows the expected layout", field: field)
        case SavedPortfolioError.notFound(let name):
            FolioError(.notFound, "no portfolio called \(name) is saved", field: "saved")
        case SavedPortfolioError.invalidName(let name):
            FolioError(.invalid, "\"\(name)\" is not a valid portfolio name", field: "saved")
        case let error as PortfolioInputError:
            FolioError(
                .dataError, "the saved portfolio cannot be analyzed at this date",
                why: error.issues.map(\.description).joined(separator: "; "), field: "asOf")
        default:
            FolioError.from(error)
        }
    }
}
