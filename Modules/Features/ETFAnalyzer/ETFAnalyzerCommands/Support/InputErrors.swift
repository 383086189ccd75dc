import ETFAnalyzer
import Failures
import FeatureKit

extension PortfolioInputError {
    /// The error users see: every problem on its own line, exit 65, and nothing analysed or saved.
    func folioError(source: String) -> FolioError {
        let count = issues.count
        let lines = issues.map { "  \(source): \($0)" }.joined(separator: "\n")
        return FolioError(
            .dataError, "\(source) is not a valid portfolio",
            why: "\(count) problem\(count == 1 ? "" : "s"), nothing was analyzed:\n\(lines)",
            hint: "fix every row listed, then run again; `folio etf template` shows the expected layout")
    }
}

extension SavedPortfolioError {
    /// The error users see.
    var folioError: FolioError {
        switch self {
        case .invalidName(let name):
            FolioError(
                .usage, "\"\(name)\" is not a valid portfolio name",
                why: "use 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit")
        case .exists(let name):
            FolioError(
                .refused, "a portfolio called \(name) is already saved", why: "saving would replace it",
                hint: "add --yes to replace it, or choose another name")
        case .notFound(let name):
            FolioError(.refused, "no portfolio called \(name) is saved", hint: "`folio etf list` shows the saved ones")
        }
    }
}

/// Runs `body`, turning the domain's errors into what users see.
func mappingDomainErrors<T>(source: String = "the portfolio", _ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as PortfolioInputError {
        throw error.folioError(source: source)
    } catch let error as SavedPortfolioError {
        throw error.folioError
    }
}
