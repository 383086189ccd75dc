import FeatureKit

/// `/api/openapi.json`: OpenAPI 3.1, the server's own paths plus each feature's.
enum OpenAPIDocument {
    static func json(features: [WebFeature]) -> String {
        var paths: [String: JSONValue] = [
            "/api/openapi.json": .object([
                "get": .object([
                    "summary": .string("This document."),
                    "responses": .object(["200": .object(["description": .string("The OpenAPI document.")])]),
                ])
            ])
        ]
        for feature in features { paths.merge(feature.openAPIPaths) { first, _ in first } }
        let document: JSONValue = .object([
            "openapi": .string("3.1.0"),
            "info": .object([
                "title": .string("Folio"),
                "version": .string("1"),
                "description": .string(
                    "The JSON routes of folio serve. Each returns exactly what the matching command prints with --format json. "
                        + "Errors are {\"error\", \"why\", \"hint\"} with a 4xx/5xx status. State-changing calls need the "
                        + "X-CSRF-Token header."),
            ]),
            "paths": .object(paths),
        ])
        return (try? JSONOutput.string(document)) ?? "{}"
    }

    /// A GET path item returning JSON.
    static func get(_ summary: String, parameters: [JSONValue] = []) -> JSONValue {
        .object([
            "get": .object([
                "summary": .string(summary),
                "parameters": .array(parameters),
                "responses": .object([
                    "200": .object([
                        "description": .string("The command's --format json output."),
                        "content": .object(["application/json": .object(["schema": .object([:])])]),
                    ]),
                    "503": .object(["description": .string("The upstream service is down and nothing is saved.")]),
                ]),
            ])
        ])
    }
}

extension JSONValue {
    /// A GET path item returning JSON, for a feature's ``WebFeature/openAPIPaths``.
    public static func openAPIGet(_ summary: String, query: [String] = [], path: [String] = []) -> JSONValue {
        let parameters: [JSONValue] =
            path.map { .object(["name": .string($0), "in": .string("path"), "required": .bool(true), "schema": .object(["type": .string("string")])]) }
            + query.map { .object(["name": .string($0), "in": .string("query"), "schema": .object(["type": .string("string")])]) }
        return OpenAPIDocument.get(summary, parameters: parameters)
    }
}
