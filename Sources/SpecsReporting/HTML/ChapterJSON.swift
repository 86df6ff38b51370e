import Foundation
import Messages

/// JSON as the page carries it inside `<script type="application/json">`: every string in it
/// is HTML the report wrote (escaped text, or markup built from escaped text), so the page's
/// script concatenates it and never escapes anything itself; `</` and `<!` are written so
/// that no string can end the script element or open a comment in it.
enum ChapterJSON {
    /// `html` (already safe HTML) as a JSON string.
    static func string(html: String) -> String {
        // Most text has nothing to escape: it is written as it is.
        if !html.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x3C }) {
            return "\"" + html + "\""
        }
        var writer = JSONWriter()
        writer.string(html)
        let json = String(decoding: writer.bytes, as: UTF8.self)
        // `</script` would end the element, `<!--` open a comment in it: written `<\/` and `<\u0021`.
        guard json.contains("<") else { return json }
        return json.replacingOccurrences(of: "</", with: "<\\/").replacingOccurrences(of: "<!", with: "<\\u0021")
    }

    /// Text escaped for HTML (`HTMLEscape`), as a JSON string.
    static func text(_ raw: String) -> String { string(html: HTMLEscape.text(raw)) }

    /// A JSON array of already-written JSON values.
    static func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }

    /// A JSON object of already-written JSON values, leaving out the nil ones.
    static func object(_ members: [(String, String?)]) -> String {
        "{" + members.compactMap { key, value in value.map { "\"\(key)\":\($0)" } }.joined(separator: ",") + "}"
    }
}
