import Foundation
import Gherkin

/// What the formatter's tests read a text as: its document and pickles, with ids from 0.
func parseFeature(_ text: String) throws -> (document: GherkinDocument, pickles: [Pickle]) {
    var ids = IncrementingIdGenerator()
    let document = try Parser().parse(text, uri: "f.feature", ids: &ids)
    return (document, PickleCompiler().compile(document, uri: "f.feature", ids: &ids))
}

/// JSON of a value, keys sorted, with every `location` left out: what must survive formatting.
func shapeWithoutLocations(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self).replacing(#/"location":\{[^}]*\},?/#, with: "")
}

/// A document as the formatter keeps it: whitespace at a comment's end is layout, which it
/// removes, and every other character of a comment stays.
func trimmingCommentEnds(_ document: GherkinDocument) -> GherkinDocument {
    var document = document
    for index in document.comments.indices {
        document.comments[index].text = trimmingEnd(document.comments[index].text)
    }
    return document
}

/// `text` without the whitespace (Unicode White_Space) at its end.
func trimmingEnd(_ text: String) -> String {
    var scalars = text.unicodeScalars[...]
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(scalars)
}
