import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The refusals of a page's forms listed at its top, each linking to the field it blames: a refused form posted
/// without JavaScript comes back scrolled to the top, where a message beside a field far down the page is never
/// seen. The summary is read from the page itself — every message a form places with ``Components/field`` or
/// ``Components/fieldError(_:for:)`` (`class="field-error" id="NAME-error"`), and every error notice inside a
/// form — so each feature's forms get it without saying anything.
enum ErrorSummary {
    /// One refusal found on the page.
    struct Entry: Equatable {
        /// The message, as the page shows it (already escaped).
        var message: String
        /// The `id` the summary's link points at: the blamed field's, else the message's own.
        var target: String
    }

    /// The summary (`role="alert"`, one link per refusal) and the content with an `id` on each field it links to;
    /// nothing and the content unchanged when the page refuses nothing.
    static func summarize(_ content: HTML) -> (summary: HTML, content: HTML) {
        var markup = content.markup
        guard has("field-error", in: markup) || has("notice error", in: markup) else { return (.empty, content) }
        let entries = collect(&markup)
        guard !entries.isEmpty else { return (.empty, content) }
        let items = entries.map { "<li><a href=\"#\($0.target)\">\($0.message)</a></li>" }.joined()
        let title = entries.count == 1 ? "There is a problem" : "There are \(entries.count) problems"
        let summary = HTML(
            raw: "<div class=\"error-summary\" role=\"alert\" aria-labelledby=\"error-summary-title\">"
                + "<h2 id=\"error-summary-title\">\(title)</h2><ul>\(items)</ul></div>")
        return (summary, HTML(raw: markup))
    }

    /// Whether `markup` holds `needle`, byte for byte: every page is asked, and most refuse nothing, so this is C's
    /// `strstr` over the bytes rather than Foundation's Unicode-aware search (a page holds no NUL).
    static func has(_ needle: String, in markup: String) -> Bool {
        markup.withCString { text in needle.withCString { strstr(text, $0) != nil } }
    }

    /// Every refusal in `markup`, the fields' first, each in page order; gives each blamed field (or error notice)
    /// an `id` to link to.
    static func collect(_ markup: inout String) -> [Entry] {
        var found: [(id: String, message: String)] = []
        var place = markup.startIndex
        while let hit = markup.range(of: "class=\"field-error\" id=\"", range: place..<markup.endIndex) {
            guard let idEnd = markup[hit.upperBound...].firstIndex(of: "\""),
                let open = markup[idEnd...].firstIndex(of: ">")
            else { break }
            place = markup.index(after: open)
            let id = String(markup[hit.upperBound..<idEnd])
            let text = message(after: place, in: markup)
            if !text.isEmpty, !found.contains(where: { $0.id == id }) { found.append((id, text)) }
        }
        // Each search starts afresh, so giving one field its id never moves another's.
        var entries = found.map {
            Entry(message: $0.message, target: fieldID(describedBy: $0.id, in: &markup) ?? $0.id)
        }
        var notices: [(offset: Int, message: String)] = []
        place = markup.startIndex
        while let hit = markup.range(of: "<p class=\"notice error\"", range: place..<markup.endIndex) {
            place = hit.upperBound
            guard inForm(hit.lowerBound, in: markup), let open = markup[hit.upperBound...].firstIndex(of: ">") else {
                continue
            }
            let text = message(after: markup.index(after: open), in: markup)
            if !text.isEmpty {
                notices.append((markup.utf8.distance(from: markup.startIndex, to: hit.upperBound), text))
            }
        }
        // Inserted from the last, so the offsets of those before stay right.
        for (number, notice) in notices.enumerated().reversed() {
            let at = markup.utf8.index(markup.startIndex, offsetBy: notice.offset)
            markup.insert(contentsOf: " id=\"form-error-\(number + 1)\"", at: at)
        }
        entries += notices.enumerated().map {
            Entry(message: $0.element.message, target: "form-error-\($0.offset + 1)")
        }
        return entries
    }

    /// The text of the element whose content starts at `start`, its tags dropped.
    static func message(after start: String.Index, in markup: String) -> String {
        var text = ""
        var inTag = false
        var depth = 0
        var index = start
        while index < markup.endIndex {
            let character = markup[index]
            if character == "<" {
                if markup[index...].hasPrefix("</") {
                    if depth == 0 { break }
                    depth -= 1
                } else {
                    depth += 1
                }
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
            index = markup.index(after: index)
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The `id` of the control whose `aria-describedby` names `errorID`, given one (`NAME-field`) when it has none.
    static func fieldID(describedBy errorID: String, in markup: inout String) -> String? {
        guard let described = markup.range(of: "aria-describedby=\"\(errorID)\""),
            let tagStart = markup[..<described.lowerBound].lastIndex(of: "<"),
            let tagEnd = markup[described.upperBound...].firstIndex(of: ">")
        else { return nil }
        let tag = markup[tagStart..<tagEnd]
        if let id = tag.range(of: " id=\"") {
            return String(tag[id.upperBound...].prefix { $0 != "\"" })
        }
        let name = errorID.hasSuffix("-error") ? String(errorID.dropLast("-error".count)) : errorID
        let id = name + "-field"
        // After the tag's name, so the attributes a page wrote stay together as it wrote them.
        let nameEnd = tag.dropFirst().firstIndex { $0 == " " || $0 == ">" || $0 == "/" } ?? tagEnd
        markup.insert(contentsOf: " id=\"\(id)\"", at: nameEnd)
        return id
    }

    /// Whether `index` lies inside a `<form>` element.
    static func inForm(_ index: String.Index, in markup: String) -> Bool {
        guard let open = markup[..<index].range(of: "<form ", options: .backwards) else { return false }
        let close = markup[..<index].range(of: "</form>", options: .backwards)
        return close.map { $0.lowerBound < open.lowerBound } ?? true
    }
}
