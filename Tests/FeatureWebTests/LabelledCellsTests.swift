import FeatureWeb
import Foundation
import Testing

/// ``Components/labelled(_:headers:)`` reads the rows' bytes once; it must label exactly as splitting the markup
/// on `<tr` and `<td` did.
@Suite struct LabelledCellsTests {
    /// The way it was written before, by Foundation's string splitting: the oracle.
    static func reference(_ body: String, headers: [String]) -> String {
        let labels = headers.enumerated().map { index, title in
            index == 0 || title.isEmpty ? "" : " data-label=\"\(HTML.escape(title))\""
        }
        guard labels.contains(where: { !$0.isEmpty }) else { return body }
        var result = ""
        for (rowIndex, row) in body.components(separatedBy: "<tr").enumerated() {
            if rowIndex > 0 { result += "<tr" }
            for (cellIndex, cell) in row.components(separatedBy: "<td").enumerated() {
                if cellIndex > 0 {
                    result += "<td"
                    let column = cellIndex - 1
                    if column > 0, column < labels.count, cell.first == " " || cell.first == ">",
                        !cell.prefix(while: { $0 != ">" }).contains("data-label")
                    {
                        result += labels[column]
                    }
                }
                result += cell
            }
        }
        return result
    }

    static let bodies = [
        "<tr><td>a</td><td>b</td><td class=\"num\">3</td></tr><tr data-name=\"x\"><td>c</td><td>d</td><td>4</td></tr>",
        "<td>loose</td><td>cell</td>",
        "<tr><td>a</td><td data-label=\"Own\">b</td><td>c</td><td>too many</td><td>e</td></tr>",
        "<tr class=\"started\"><td><time>12:00</time></td><td class=\"num countdown\">-1m</td><tdx>odd</tdx><td>é ✓ 日本</td></tr>",
        "<tr><td>unclosed<td>two<td>three",
        "<tr><td>a</td><td title=\"data-label inside\">b</td></tr><track><td>after a track</td><td>x</td>",
        "",
        "no rows at all",
    ]

    @Test("labels every body as the string splitting did", arguments: bodies)
    func sameAsSplitting(body: String) {
        for headers in [["Name", "Value", "Change", ""], ["Name", "In", "Category", "Meeting", "No"], ["", ""]] {
            #expect(
                Components.labelled(HTML(raw: body), headers: headers).markup
                    == Self.reference(body, headers: headers), "\(headers)")
        }
    }
}
