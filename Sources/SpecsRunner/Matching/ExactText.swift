import Foundation

/// A step text as a key that tells apart what Swift's `String` takes for equal: two texts
/// are one key only when their Unicode scalars are the same. `"válido"` precomposed and
/// `"va\u{301}lido"` decomposed are equal strings, yet a step definition's expression matches
/// scalars, so one may match and the other not: a match remembered for one must not be given
/// to the other.
package struct ExactText: Hashable, Sendable {
    package let text: String

    package init(_ text: String) { self.text = text }

    /// The same scalars are the same UTF-8 bytes, compared at once where they lie together.
    package static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        let (a, b) = (lhs.text.utf8, rhs.text.utf8)
        guard a.count == b.count else { return false }
        let compared: Bool?? = a.withContiguousStorageIfAvailable { left in
            b.withContiguousStorageIfAvailable { right in
                left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
        if let compared, let equal = compared { return equal }
        return a.elementsEqual(b)
    }

    package func hash(into hasher: inout Hasher) {
        let hashed: Bool? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
            return true
        }
        if hashed == nil { for byte in text.utf8 { hasher.combine(byte) } }
    }
}
