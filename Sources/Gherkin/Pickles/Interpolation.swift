/// Replaces `<name>` placeholders with an example row's values as the reference
/// compilers do: header column after header column, every occurrence of `<name>` in
/// the text as it stands, so a value may hold a placeholder that a later column fills.
struct Interpolation: Sendable {
    /// The placeholders (`<name>`, as UTF-8) and their values, in column order.
    private let replacements: [(placeholder: [UInt8], value: [UInt8])]

    init(names: [TableCell], values: [TableCell]) {
        replacements = names.indices.map { column in
            (Array("<\(names[column].value)>".utf8), column < values.count ? Array(values[column].value.utf8) : [])
        }
    }

    private init() { replacements = [] }

    /// No placeholders at all: a scenario that is not an outline.
    static let none = Interpolation()

    /// `text` with the row's values in its placeholders; the same string when it holds no `<`.
    func apply(to text: String) -> String {
        guard !replacements.isEmpty, text.utf8.contains(UInt8(ascii: "<")) else { return text }
        var bytes = Array(text.utf8)
        var changed = false
        for (placeholder, value) in replacements {
            guard let replaced = Self.replacing(placeholder, with: value, in: bytes) else { continue }
            bytes = replaced
            changed = true
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// `bytes` with every `placeholder` replaced by `value`, left to right; nil when it holds none.
    private static func replacing(_ placeholder: [UInt8], with value: [UInt8], in bytes: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        var index = 0
        var replaced = false
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), bytes[index...].starts(with: placeholder) {
                if !replaced { result.reserveCapacity(bytes.count + value.count) }
                result.append(contentsOf: value)
                index += placeholder.count
                replaced = true
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return replaced ? result : nil
    }
}
