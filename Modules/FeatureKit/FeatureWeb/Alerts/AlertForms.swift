import AlertRules
import Alerting
import Failures
import FeatureKit
import Foundation
import Hummingbird

/// The `/alerts` forms that add an alert of each kind the plug-ins contribute, read by the kind's own parser
/// (the one `folio alerts add KIND` uses), and `POST /api/alerts`, the same for JSON clients.
struct AlertForms {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    /// A refused attempt: the kind, what was typed (shown again) and the refusal (beside the field it blames).
    struct Attempt {
        var kind: String
        var values: [String: String]
        var error: FolioError
    }

    /// One form per kind; `attempt`'s form keeps what was typed and shows its refusal.
    static func forms(_ kinds: [AlertKind], csrf: String, attempt: Attempt?) -> HTML {
        guard !kinds.isEmpty else { return "<p>No feature of this server contributes alerts.</p>" }
        return kinds.html { kind in
            guard let form = kind.form else { return .empty }
            let failed = attempt?.kind == kind.name ? attempt : nil
            let names = Set(form.fields.map(\.name))
            // A refusal that blames no field of the form (a disabled feature, a source down) heads the form.
            let general: HTML =
                failed.flatMap { failed in
                    failed.error.field.map { names.contains($0) } == true
                        ? nil : Components.notice(PageWords.line(failed.error), kind: "error")
                } ?? .empty
            let fields = form.fields.html { field in
                let error = failed?.error.field == field.name ? failed?.error.line : nil
                let required: HTML = field.required ? " required aria-required=\"true\"" : .empty
                let hint: HTML = field.hint.isEmpty ? .empty : "<small class=\"hint\">\(field.hint)</small>"
                return Components.field(
                    field.name, label: field.label, value: failed?.values[field.name] ?? "", error: error,
                    placeholder: field.placeholder, attributes: required) + hint
            }
            let content: HTML =
                "<input type=\"hidden\" name=\"kind\" value=\"\(kind.name)\">" + general + fields
                + "<button type=\"submit\">Add \(kind.name) alert</button>"
            return "<section class=\"alert-form\" id=\"add-\(kind.name)\" aria-labelledby=\"add-\(kind.name)-title\">"
                + "<h3 id=\"add-\(kind.name)-title\">\(title(kind))</h3><p class=\"hint\">\(kind.summary)</p>"
                + Components.postForm(action: "/alerts/add", csrf: csrf, content) + "</section>"
        }
    }

    static func title(_ kind: AlertKind) -> String {
        kind.form?.title ?? kind.name.prefix(1).uppercased() + kind.name.dropFirst()
    }

    /// `POST /alerts/add`: stores the alert and says so on `/alerts`, or shows the page again (422) with the
    /// form as typed and the refusal beside its field; nothing is stored then.
    func add(
        _ request: Request, context: WebRequestContext
    ) async throws -> Response {
        let form = try await FormData.read(request, context: context)
        let kind = form["kind"] ?? ""
        var values = form.fields
        values[CSRF.fieldName] = nil
        values["kind"] = nil
        do {
            let added = try await AlertsWeb.desk(environment).add(kind: kind, input: AlertInput(values))
            return WebResponses.redirect(
                to: "/alerts", flash: Flash(.success, "Added alert #\(added.id): \(added.definition.summary)."))
        } catch {
            let attempt = Attempt(kind: kind, values: values, error: FolioError.from(error))
            return await AlertsPage(environment: environment).show(request, context: context, attempt: attempt)
        }
    }

    /// `POST /api/alerts`: a JSON object, `kind` and the kind's fields (strings or numbers), answered 201 with the
    /// new alert as `/api/alerts` lists it, or problem details naming the field at fault.
    func create(_ request: Request, context: WebRequestContext) async -> Response {
        do {
            let buffer = try await request.body.collect(upTo: context.maxFormSize)
            let fields = try Self.body(Data(String(buffer: buffer).utf8))
            let desk = try AlertsWeb.desk(environment)
            var values = fields
            values["kind"] = nil
            let added = try await desk.add(kind: fields["kind"] ?? "", input: AlertInput(values))
            return WebResponses.json(encoding: AlertListing(added, problem: nil), status: .created)
        } catch {
            return WebResponses.problem(FolioError.from(error))
        }
    }

    /// The request's JSON object as text fields.
    /// - Throws: ``FolioError`` (invalid) for anything but an object of strings and numbers.
    static func body(_ data: Data) throws -> [String: String] {
        let object: JSONValue
        do {
            object = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw FolioError(
                .invalid, "the body is not JSON",
                hint: "send an object such as {\"kind\": \"networth\", \"above\": \"250000\"}")
        }
        guard case .object(let members) = object else {
            throw FolioError(
                .invalid, "the body is not a JSON object", hint: "send {\"kind\": …, and the kind's fields}")
        }
        var fields: [String: String] = [:]
        for (name, value) in members {
            switch value {
            case .string(let text): fields[name] = text
            case .number(let number): fields[name] = "\(number)"
            case .null: continue
            default:
                throw FolioError(.invalid, "\(name) is not a string or a number", field: name)
            }
        }
        return fields
    }

    /// `POST /api/alerts` in the OpenAPI document.
    static let createOperation: JSONValue = .object([
        "summary": .string(
            "Add an alert of any kind, as `folio alerts add KIND`: `kind` and the kind's fields, named as its options "
                + "(fund: code, above|below|move|drawdown; race: category, meeting, within; networth: above|below; "
                + "stock: symbol, above|below). Needs the X-CSRF-Token header."),
        "requestBody": .object([
            "required": .bool(true),
            "content": .object([
                "application/json": .object([
                    "schema": OpenAPISchema.object(["kind": OpenAPISchema.string], required: ["kind"])
                ])
            ]),
        ]),
        "responses": .object([
            "201": .object([
                "description": .string("The new alert, as /api/alerts lists it."),
                "content": .object(["application/json": .object(["schema": AlertsWeb.listingSchema])]),
            ]),
            "422": problemResponse("A field the kind refuses, or an unknown kind; `field` names it."),
            "503": problemResponse("The feature's source is down, or this server keeps no alerts."),
        ]),
    ])

    private static func problemResponse(_ description: String) -> JSONValue {
        .object([
            "description": .string(description),
            "content": .object(["application/problem+json": .object(["schema": OpenAPISchema.problem])]),
        ])
    }
}
