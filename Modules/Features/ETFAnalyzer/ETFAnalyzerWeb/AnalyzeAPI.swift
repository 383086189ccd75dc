import ETFAnalyzer
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Timing

/// `/api/etf/analyze?saved=NAME[&asOf=YYYY-MM-DD]`: a saved portfolio's ``PortfolioReport``, encoded as
/// `folio etf analyze --saved NAME --format json` prints it; refusals as problem details naming the parameter.
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
            guard let context = environment.featureContext else {
                throw FolioError(.unavailable, "the etf feature is disabled")
            }
            let service = PortfolioAnalysisService(store: context.store, timing: context.timing)
            return WebResponses.json(encoding: try await service.analyze(saved: saved, asOf: asOf))
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
