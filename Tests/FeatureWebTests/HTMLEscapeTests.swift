import FeatureWeb
import Testing

@Suite("HTML escaping")
struct HTMLEscapeTests {
    @Test(
        "the five special characters are replaced; everything else, multi-byte text included, is kept",
        arguments: [
            ("", ""), ("plain 123,456.7;8", "plain 123,456.7;8"), ("₹1,234 · 5 Dec 2026", "₹1,234 · 5 Dec 2026"),
            ("<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"),
            ("a & b \"c\"", "a &amp; b &quot;c&quot;"), ("€<€>€", "€&lt;€&gt;€"), ("📈&📉", "📈&amp;📉"),
            ("&amp;", "&amp;amp;"),
        ])
    func escapes(text: String, expected: String) {
        #expect(HTML.escape(text) == expected)
    }

    @Test("interpolated text is escaped, interpolated HTML is not")
    func interpolation() {
        let name = "R&D <Fund>"
        let html: HTML = "<p>\(name)</p>\(HTML(raw: "<b>x</b>"))"
        #expect(html.markup == "<p>R&amp;D &lt;Fund&gt;</p><b>x</b>")
    }
}
