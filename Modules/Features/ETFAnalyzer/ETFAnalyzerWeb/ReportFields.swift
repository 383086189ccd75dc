import ETFAnalyzer
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import Timing

/// The report form as posted: `multipart/form-data` (the page's form, with its file input) or an encoded form
/// (the paste box alone, as older pages and scripts send it).
struct ReportFields: Sendable {
    var fields: [String: String]
    /// The uploaded file, when one was chosen (a file input left empty sends a part with no file name).
    var upload: MultipartForm.File?

    var csv: String { fields["csv"] ?? "" }

    subscript(_ name: String) -> String? {
        guard let value = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }

    static func read(_ request: Request, context: WebRequestContext) async throws -> ReportFields {
        if MultipartForm.isMultipart(request.headers[.contentType]) {
            let form = try await MultipartForm.read(request, context: context)
            let file = form.files["file"].flatMap { $0.fileName.isEmpty && $0.data.isEmpty ? nil : $0 }
            return ReportFields(fields: form.fields, upload: file)
        }
        return ReportFields(fields: try await FormData.read(request, context: context).fields, upload: nil)
    }
}
