/// The ids of a storage's nodes, by index. Predictable ids are consecutive numbers, so
/// they are kept as the first number and a count and written out when read; any other
/// generator's ids are kept as the strings it made.
struct IdList: Sendable {
    private var first = 0
    private var numbered = 0
    private var strings: [String] = []

    var count: Int { numbered + strings.count }

    subscript(index: Int) -> String {
        index < numbered ? IncrementingIdGenerator.decimal(first + index) : strings[index - numbered]
    }

    init() {}

    mutating func append(_ id: String) { strings.append(id) }

    /// The list of the consecutive ids `first`, `first + 1`, ... (`count` of them), in decimal.
    init(numbersFrom first: Int, count: Int) {
        self.first = first
        numbered = count
    }
}

/// Where a parse or a compilation takes its ids: numbers counted on directly for the
/// predictable ids (no string made, nothing stored per id), or the strings of any
/// other generator. Each source fills one list, empty to begin with.
///
/// Any other generator is held in a box that copies of the source share: a source is
/// handed from the parse or compilation that fills it to the caller that reads it
/// back, never used by two at once, and copying it costs no more than a reference.
struct IdSource {
    private final class Generated {
        var generator: any IdGenerator
        init(_ generator: any IdGenerator) { self.generator = generator }
    }

    /// Nil for the predictable generator, whose ids are counted here instead.
    private let generated: Generated?
    /// The first and the next predictable id.
    private var first = 0, next = 0

    /// Takes its ids from `ids`. The predictable generator is told by its type, so no
    /// dynamic cast is paid per file; where the types are equal, the bit cast is the
    /// identity.
    init<Ids: IdGenerator>(_ ids: Ids) {
        if Ids.self == IncrementingIdGenerator.self {
            generated = nil
            first = unsafeBitCast(ids, to: IncrementingIdGenerator.self).next
            next = first
        } else {
            generated = Generated(ids)
        }
    }

    /// Sets `ids` to the generator advanced past every id handed out.
    func advance<Ids: IdGenerator>(_ ids: inout Ids) {
        if Ids.self == IncrementingIdGenerator.self {
            ids = unsafeBitCast(IncrementingIdGenerator(startingAt: next), to: Ids.self)
        } else {
            advanceGenerated(&ids)
        }
    }

    /// Out of line: the cast needs `Ids?`'s metadata, which the predictable case (the
    /// common one) should not look up.
    @inline(never) private func advanceGenerated<Ids: IdGenerator>(_ ids: inout Ids) {
        if let advanced = generated?.generator as? Ids { ids = advanced }
    }

    /// Hands out a new id: its index in `ids`. Predictable ids are only counted; they
    /// are in `ids` once `complete(_:)` has run.
    @inline(__always) mutating func newId(into ids: inout IdList) -> Int32 {
        guard let generated else {
            defer { next += 1 }
            return Int32(truncatingIfNeeded: next - first)
        }
        return Self.generatedId(generated, into: &ids)
    }

    /// Puts the predictable ids handed out into `ids` (a first number and a count).
    func complete(_ ids: inout IdList) {
        if generated == nil { ids = IdList(numbersFrom: first, count: next - first) }
    }

    @inline(never) private static func generatedId(_ generated: Generated, into ids: inout IdList) -> Int32 {
        ids.append(generated.generator.newId())
        return Int32(truncatingIfNeeded: ids.count - 1)
    }
}
