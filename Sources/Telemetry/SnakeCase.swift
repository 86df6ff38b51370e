/// The naming convention of event names and flag keys: lowercase ASCII letters and digits
/// in words joined by single underscores, starting with a letter (`post_created`,
/// `ai_chat_enabled`).
public enum SnakeCase {
    public static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), !name.hasSuffix("_"),
            !name.contains("__")
        else {
            return false
        }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}
