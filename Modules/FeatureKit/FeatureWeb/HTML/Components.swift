import Foundation

/// The small building blocks every page shares, so tables, forms and messages look and read the same.
public enum Components {
    /// A table with a header row; `numeric` columns are right-aligned. Rows are already-built cells.
    ///
    /// The table scrolls inside its card when it is wider than the screen, so the card is a named region that takes
    /// keyboard focus: without focus, a keyboard user could never scroll to the columns out of view.
    /// The region is named by the caption, else by the column titles. Below 600 px the stylesheet shows each row as a
    /// card, every cell but the first (the row's name) labelled by its column's title (`data-label`), without
    /// JavaScript.
    /// - Parameter headings: Column headings built elsewhere (sort links, ``TableOrder/heading(_:key:numeric:link:)``),
    ///   by column index, used instead of the plain title.
    public static func table(
        caption: String? = nil, headers: [String], numeric: Set<Int> = [], rows: [[HTML]], id: String? = nil,
        headings: [Int: HTML] = [:]
    ) -> HTML {
        let labels = cellLabels(headers)
        let body = rows.html { cells in
            let row = cells.enumerated().html { index, cell in
                let label = index < labels.count ? labels[index] : .empty
                return numeric.contains(index) ? "<td\(label) class=\"num\">\(cell)</td>" : "<td\(label)>\(cell)</td>"
            }
            return "<tr>\(row)</tr>"
        }
        return wrapped(caption: caption, headers: headers, numeric: numeric, body: body, id: id, headings: headings)
    }

    /// The same table around rows already written (`<tr>…</tr>` each), for rows with their own attributes.
    public static func table(
        caption: String? = nil, headers: [String], numeric: Set<Int> = [], body: HTML, id: String? = nil,
        headings: [Int: HTML] = [:]
    ) -> HTML {
        wrapped(
            caption: caption, headers: headers, numeric: numeric, body: labelled(body, headers: headers), id: id,
            headings: headings)
    }

    /// The table around a body whose cells are labelled already.
    private static func wrapped(
        caption: String?, headers: [String], numeric: Set<Int>, body: HTML, id: String?, headings: [Int: HTML]
    ) -> HTML {
        let head = headers.enumerated().html { index, title in
            if let heading = headings[index] { return heading }
            // A column of buttons has no visible title, but a screen reader reading a cell names its column.
            let text: HTML = title.isEmpty ? "<span class=\"visually-hidden\">Actions</span>" : "\(title)"
            return numeric.contains(index)
                ? "<th scope=\"col\" class=\"num\">\(text)</th>" : "<th scope=\"col\">\(text)</th>"
        }
        let captionHTML: HTML = caption.map { "<caption>\($0)</caption>" } ?? .empty
        let idHTML: HTML = id.map { " id=\"\($0)\"" } ?? .empty
        let name = caption ?? "Table: " + headers.filter { !$0.isEmpty }.joined(separator: ", ")
        return
            "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-label=\"\(name)\"><table\(idHTML)>\(captionHTML)<thead><tr>\(head)</tr></thead><tbody>\(body)</tbody></table></div>"
    }

    /// `body` with each cell after a row's first named by its column's title (`data-label`), for the cards a phone
    /// shows; a column without a title (buttons) and a cell that names itself are left as they are. Rows sent on
    /// their own (a live board's update) are labelled with it too.
    public static func labelled(_ body: HTML, headers: [String]) -> HTML {
        let labels = cellLabels(headers).map { Array($0.markup.utf8) }
        guard labels.contains(where: { !$0.isEmpty }) else { return body }
        // One pass over the bytes: splitting on `<tr` and `<td` with Foundation's string search was most of what
        // a board's rows cost.
        let (lt, t, r, d, gt, space) = (
            UInt8(ascii: "<"), UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "d"), UInt8(ascii: ">"),
            UInt8(ascii: " ")
        )
        let marker = Array("data-label".utf8)
        let bytes = Array(body.markup.utf8)
        let end = bytes.count
        func tag(at index: Int) -> UInt8? {
            guard index + 2 < end, bytes[index] == lt, bytes[index + 1] == t else { return nil }
            return bytes[index + 2] == r || bytes[index + 2] == d ? bytes[index + 2] : nil
        }
        var result: [UInt8] = []
        result.reserveCapacity(end + end / 4)
        var column = -1
        var index = 0
        while index < end {
            guard let kind = tag(at: index) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            result.append(contentsOf: bytes[index..<index + 3])
            index += 3
            guard kind == d else {
                column = -1
                continue
            }
            column += 1
            // `<td` starts a cell only when a space or `>` follows; a cell that names itself keeps its name.
            guard column > 0, column < labels.count, index < end, bytes[index] == space || bytes[index] == gt else {
                continue
            }
            var stop = index
            while stop < end, bytes[stop] != gt, tag(at: stop) == nil { stop += 1 }
            let named =
                stop - index >= marker.count
                && (index...(stop - marker.count)).contains { start in
                    bytes[start..<start + marker.count].elementsEqual(marker)
                }
            if !named { result.append(contentsOf: labels[column]) }
        }
        return HTML(raw: String(decoding: result, as: UTF8.self))
    }

    /// Each column's ` data-label="Title"`, empty for the first (a row's name, its card's title) and for a column
    /// without a title.
    static func cellLabels(_ headers: [String]) -> [HTML] {
        headers.enumerated().map { index, title in
            index == 0 || title.isEmpty ? .empty : HTML(raw: " data-label=\"\(HTML.escape(title))\"")
        }
    }

    /// A refusal's message beside the field it blames, as `NAME-error` (what the field's `aria-describedby` names);
    /// nothing when there is none. Every form places its refusals through this or ``field(_:label:value:error:type:placeholder:attributes:)``.
    public static func fieldError(_ message: String?, for name: String) -> HTML {
        message.map { "<span class=\"field-error\" id=\"\(name)-error\">\($0)</span>" } ?? .empty
    }

    /// A refusal of a whole query or form (no one field to stand beside), announced where it stands.
    public static func refusal(_ message: String, for name: String) -> HTML {
        "<p class=\"field-error\" id=\"\(name)-error\" role=\"alert\">\(message)</p>"
    }

    /// A labelled text field with its error (the CLI's message) beside it, keeping what the user typed.
    public static func field(
        _ name: String, label: String, value: String = "", error: String? = nil, type: String = "text",
        placeholder: String = "", attributes: HTML = .empty
    ) -> HTML {
        let errorID = "\(name)-error"
        let invalid: HTML = error == nil ? .empty : " aria-invalid=\"true\" aria-describedby=\"\(errorID)\""
        let message = fieldError(error, for: name)
        return """
            <label class="field"><span>\(label)</span><input type="\(type)" name="\(name)" value="\(value)" placeholder="\(placeholder)"\(invalid)\(attributes)>\(message)</label>
            """
    }

    /// A select box.
    public static func select(
        _ name: String, label: String, options: [(value: String, title: String)], selected: String?
    ) -> HTML {
        let items = options.html { option in
            option.value == selected
                ? "<option value=\"\(option.value)\" selected>\(option.title)</option>"
                : "<option value=\"\(option.value)\">\(option.title)</option>"
        }
        return "<label class=\"field\"><span>\(label)</span><select name=\"\(name)\">\(items)</select></label>"
    }

    /// A checkbox.
    public static func checkbox(_ name: String, label: String, checked: Bool, value: String = "on") -> HTML {
        "<label class=\"check\"><input type=\"checkbox\" name=\"\(name)\" value=\"\(value)\"\(checked ? " checked" : "")> \(label)</label>"
    }

    /// A POST form carrying the CSRF token (first, so a server reading a multipart body meets it early) and a
    /// one-time token (``FormOnce``): the same post sent twice is applied once.
    /// - Parameters:
    ///   - multipart: Sends `multipart/form-data`, for forms with a file input.
    ///   - once: The one-time token; nil draws a new one (a form sent back after an outage keeps its own).
    public static func postForm(
        action: String, csrf: String, class className: String = "form", multipart: Bool = false, once: String? = nil,
        _ content: HTML
    ) -> HTML {
        let encoding: HTML = multipart ? " enctype=\"multipart/form-data\"" : .empty
        let token = once ?? Secrets.randomToken()
        return """
            <form method="post" action="\(action)" class="\(className)"\(encoding)><input type="hidden" name="\(CSRF.fieldName)" value="\(csrf)"><input type="hidden" name="\(FormOnce.fieldName)" value="\(token)">\(content)</form>
            """
    }

    /// A message box: `info`, `success`, `warning` or `error`.
    public static func notice(_ text: String, kind: String = "info") -> HTML {
        let role = kind == "error" ? "alert" : "status"
        return "<p class=\"notice \(kind)\" role=\"\(role)\">\(text)</p>"
    }

    /// "as of" stamp with the time as people read it and its age (`as of 27 Nov 2026, 12:34 (8m ago)`), marked
    /// stale when the data came from the saved copy.
    public static func stamp(asOf: Date, now: Date, stale: Bool, timeZone: TimeZone = .current) -> HTML {
        let when: HTML = "\(TimeStamp.html(asOf, timeZone: timeZone)) (\(TimeStamp.age(of: asOf, now: now)))"
        return stale
            ? "<p class=\"stamp stale\"><strong>Stale:</strong> saved copy as of \(when)</p>"
            : "<p class=\"stamp\">as of \(when)</p>"
    }

    /// A labelled figure for dashboards and summaries.
    public static func figure(_ label: String, _ value: String, detail: String? = nil) -> HTML {
        let detailHTML: HTML = detail.map { "<span class=\"detail\">\($0)</span>" } ?? .empty
        return
            "<div class=\"figure\"><span class=\"label\">\(label)</span><span class=\"value\">\(value)</span>\(detailHTML)</div>"
    }
}
