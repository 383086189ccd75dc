import Failures
import FeatureKit

/// `/api/openapi.json`: OpenAPI 3.1, the server's own paths plus each feature's.
enum OpenAPIDocument {
    static func json(features: [WebFeature], hostPaths: [String: JSONValue] = [:]) -> String {
        var paths: [String: JSONValue] = [
            "/api/openapi.json": .object([
                "get": .object([
                    "summary": .string("This document."),
                    "responses": .object([
                        "200": .object([
                            "description": .string("The OpenAPI document."),
                            "content": .object([
                                "application/json": .object([
                                    "schema": OpenAPISchema.object(
                                        [
                                            "openapi": OpenAPISchema.string, "info": OpenAPISchema.anyObject,
                                            "paths": OpenAPISchema.anyObject,
                                        ],
                                        required: ["openapi", "info", "paths"])
                                ])
                            ]),
                        ])
                    ]),
                ])
            ])
        ]
        paths.merge(hostPaths) { first, _ in first }
        for feature in features { paths.merge(feature.openAPIPaths) { first, _ in first } }
        let document: JSONValue = .object([
            "openapi": .string("3.1.0"),
            "info": .object([
                "title": .string("Folio"),
                "version": .string("1"),
                "description": .string(
                    "The JSON routes of folio serve. Each returns exactly what the matching command prints with --format json. "
                        + "Refusals are RFC 9457 problem details (application/problem+json: title, status, detail, kind, hint, "
                        + "field) with the status their kind calls for. State-changing calls need the X-CSRF-Token header."
                ),
            ]),
            "paths": .object(paths),
        ])
        return (try? JSONOutput.string(document)) ?? "{}"
    }

    /// A JSON body with `schema`.
    static func content(_ schema: JSONValue) -> JSONValue {
        .object(["application/json": .object(["schema": schema])])
    }

    /// A problem-details body.
    static var problemContent: JSONValue {
        .object(["application/problem+json": .object(["schema": OpenAPISchema.problem])])
    }

    /// A refusal response with the problem schema.
    static func problem(_ description: String) -> JSONValue {
        .object(["description": .string(description), "content": problemContent])
    }

    /// A GET path item returning JSON of `schema`, with the refusals every JSON route can answer.
    static func get(_ summary: String, parameters: [JSONValue], response: JSONValue, loginPage: String?) -> JSONValue {
        var responses: [String: JSONValue] = [
            "200": .object([
                "description": .string("The command's --format json output."), "content": content(response),
            ]),
            "404": problem("What was asked for does not exist."),
            "409": problem("Refused by what is stored (insufficient cash, a duplicate)."),
            "422": problem("A parameter the rules refuse; `field` names it."),
            "500": problem("An internal failure."),
            "503": problem("The upstream service or the database is down and nothing usable is saved."),
        ]
        if let loginPage {
            responses["401"] = problem("Not logged in: log in at \(loginPage) first (the session cookie).")
        }
        return .object([
            "get": .object([
                "summary": .string(summary),
                "parameters": .array(parameters),
                "responses": .object(responses),
            ])
        ])
    }
}

/// JSON Schema fragments for OpenAPI documents: enough for a client to know each route's shape at the top
/// level (the field-by-field meaning is in the command's `--help`).
public enum OpenAPISchema {
    /// A string.
    public static let string: JSONValue = .object(["type": .string("string")])
    /// A string or null.
    public static let optionalString: JSONValue = .object(["type": .array([.string("string"), .string("null")])])
    /// An exact decimal (money, prices, units, rates are JSON numbers, never rounded through floating point).
    public static let number: JSONValue = .object(["type": .string("number")])
    /// A number or null (a figure that cannot be worked out).
    public static let optionalNumber: JSONValue = .object(["type": .array([.string("number"), .string("null")])])
    /// A whole number.
    public static let integer: JSONValue = .object(["type": .string("integer")])
    /// A boolean.
    public static let boolean: JSONValue = .object(["type": .string("boolean")])
    /// Any object.
    public static let anyObject: JSONValue = .object(["type": .string("object")])

    /// An object with `properties`, of which `required` are always present.
    public static func object(_ properties: [String: JSONValue], required: [String]) -> JSONValue {
        .object([
            "type": .string("object"),
            "properties": .object(properties),
            "required": .array(required.sorted().map(JSONValue.string)),
        ])
    }

    /// An object whose `properties` are always all present.
    public static func record(_ properties: [String: JSONValue]) -> JSONValue {
        object(properties, required: Array(properties.keys))
    }

    /// An array of `items`.
    public static func array(_ items: JSONValue) -> JSONValue {
        .object(["type": .string("array"), "items": items])
    }

    /// A date-time string (ISO 8601).
    public static let dateTime: JSONValue = .object(["type": .string("string"), "format": .string("date-time")])
    /// A calendar date string (`YYYY-MM-DD`).
    public static let date: JSONValue = .object(["type": .string("string"), "format": .string("date")])

    /// `schema` or null.
    public static func nullable(_ schema: JSONValue) -> JSONValue {
        .object(["anyOf": .array([schema, .object(["type": .string("null")])])])
    }

    /// One of the strings `values`.
    public static func oneOf(_ values: [String]) -> JSONValue {
        .object(["type": .string("string"), "enum": .array(values.map(JSONValue.string))])
    }

    /// Every refusal: RFC 9457 problem details with Folio's members.
    public static let problem: JSONValue = object(
        [
            "title": string, "status": integer, "detail": optionalString,
            "kind": oneOf(FolioError.Kind.allCases.map(\.rawValue)), "hint": optionalString, "field": optionalString,
        ],
        required: ["title", "status", "kind"])
}

extension JSONValue {
    /// A GET path item returning JSON of `response`, for a feature's ``WebFeature/openAPIPaths``.
    /// - Parameter loginPage: Where to log in, for a route that answers 401 without a logged-in session.
    public static func openAPIGet(
        _ summary: String, query: [String] = [], path: [String] = [], response: JSONValue, loginPage: String? = nil
    ) -> JSONValue {
        let parameters: [JSONValue] =
            path.map {
                .object([
                    "name": .string($0), "in": .string("path"), "required": .bool(true),
                    "schema": .object(["type": .string("string")]),
                ])
            }
            + query.map {
                .object(["name": .string($0), "in": .string("query"), "schema": .object(["type": .string("string")])])
            }
        return OpenAPIDocument.get(summary, parameters: parameters, response: response, loginPage: loginPage)
    }
}
