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

    mutating func append(_ id: String) { strings.append(id) }

    /// Adds the id `number` in decimal (counted when it continues the numbers before
    /// it); its index.
    @inline(__always) mutating func append(number: Int) -> Int {
        if numbered == 0 || first &+ numbered == number, strings.isEmpty {
            if numbered == 0 { first = number }
            numbered += 1
            return numbered - 1
        }
        return append(decimal: number)
    }

    /// A number that does not continue the others, kept as its string (out of line:
    /// predictable ids are almost always consecutive).
    @inline(never) private mutating func append(decimal number: Int) -> Int {
        strings.append(IncrementingIdGenerator.decimal(number))
        return count - 1
    }
}

/// Where a parse or a compilation takes its ids: numbers counted on directly for the
/// predictable ids (no string made), or the strings of any other generator.
struct IdSource {
    private var generator: any IdGenerator
    /// Whether `generator` is the predictable one, whose ids are counted here instead.
    private let predictable: Bool
    /// The next predictable id.
    private var next = 0

    /// Takes its ids from `ids`. The predictable generator is told by its type, so no
    /// dynamic cast is paid per file; where the types are equal, the bit cast is the
    /// identity.
    init<Ids: IdGenerator>(_ ids: Ids) {
        generator = ids
        predictable = Ids.self == IncrementingIdGenerator.self
        if predictable { next = unsafeBitCast(ids, to: IncrementingIdGenerator.self).next }
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
        if let advanced = generator as? Ids { ids = advanced }
    }

    /// Hands out a new id into `ids`; its index there.
    @inline(__always) mutating func newId(into ids: inout IdList) -> Int32 {
        if predictable {
            let index = ids.append(number: next)
            next += 1
            return Int32(truncatingIfNeeded: index)
        }
        return generatedId(into: &ids)
    }

    @inline(never) private mutating func generatedId(into ids: inout IdList) -> Int32 {
        ids.append(generator.newId())
        return Int32(truncatingIfNeeded: ids.count - 1)
    }
}
