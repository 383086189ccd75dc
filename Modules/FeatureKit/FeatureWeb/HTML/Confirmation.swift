extension Components {
    /// The second step of a destructive action: the question, a form that posts the same fields again with
    /// `confirmed=yes`, and a way back. Plain HTML, so the confirmation works without JavaScript, and nothing is
    /// changed until the second post.
    /// - Parameters:
    ///   - fields: The hidden fields that name what is acted on, posted again as they came.
    ///   - cancel: Where "Cancel" leads.
    public static func confirmation(
        _ question: HTML, action: String, csrf: String, fields: [(name: String, value: String)], button: String,
        cancel: String
    ) -> HTML {
        let hidden = fields.html { field in "<input type=\"hidden\" name=\"\(field.name)\" value=\"\(field.value)\">" }
        let form = postForm(
            action: action, csrf: csrf, class: "inline",
            hidden
                + "<input type=\"hidden\" name=\"confirmed\" value=\"yes\"><button type=\"submit\" class=\"danger\">\(button)</button>"
        )
        return "<p>\(question)</p>\(form) <a href=\"\(cancel)\">Cancel</a>"
    }
}
