import Failures
import FeatureKit
import Foundation
import Hummingbird
import Money
import Overview

/// `/api/overview` and the overview at the top of `/`: the same report `folio overview --format json` prints,
/// from the service the host wires into ``WebEnvironment/overview``.
enum OverviewWeb {
    /// The range a request asks for (`?range=5Y`), 1Y when none.
    /// - Throws: ``FolioError`` (invalid, field `range`) for a word that is no range.
    static func range(_ request: Request) throws(FolioError) -> OverviewRange {
        guard let text = request.uri.queryParameters["range"].map(String.init), !text.isEmpty else { return .oneYear }
        return try OverviewRange(parsing: text)
    }

    /// `GET /api/overview[?range=1M|6M|1Y|5Y|Max]`.
    static func api(_ request: Request, overview: OverviewService) async -> Response {
        do {
            return WebResponses.json(encoding: try await overview.overview(range: try range(request)))
        } catch {
            return WebResponses.problem(FolioError.from(error))
        }
    }

    /// Its OpenAPI path item.
    static var openAPIPath: JSONValue {
        OpenAPIDocument.get(
            "The household at a glance: what folio overview --format json prints.",
            parameters: [
                .object([
                    "name": .string("range"), "in": .string("query"), "required": .bool(false),
                    "description": .string("The trend's range (default 1Y)."),
                    "schema": OpenAPISchema.oneOf(OverviewRange.allCases.map(\.rawValue)),
                ])
            ],
            response: OpenAPISchema.object(
                [
                    "currency": OpenAPISchema.string, "generatedAt": OpenAPISchema.dateTime,
                    "netWorth": OpenAPISchema.nullable(OpenAPISchema.anyObject),
                    "changes": OpenAPISchema.array(OpenAPISchema.anyObject), "trend": OpenAPISchema.anyObject,
                    "allocation": OpenAPISchema.anyObject, "movers": OpenAPISchema.array(OpenAPISchema.anyObject),
                    "alerts": OpenAPISchema.array(OpenAPISchema.anyObject),
                    "agenda": OpenAPISchema.array(OpenAPISchema.anyObject),
                    "suggestions": OpenAPISchema.array(OpenAPISchema.anyObject),
                    "linkAction": OpenAPISchema.optionalString, "warnings": OpenAPISchema.array(OpenAPISchema.string),
                ],
                required: [
                    "currency", "generatedAt", "netWorth", "changes", "trend", "allocation", "movers", "alerts",
                    "agenda",
                    "suggestions", "linkAction", "warnings",
                ]),
            loginPage: nil)
    }
}
