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

    /// Adds the id `number` in decimal: counted when it continues the numbers before it.
    @inline(__always) mutating func append(number: Int) {
        if strings.isEmpty, numbered == 0 || first + numbered == number {
            if numbered == 0 { first = number }
            numbered += 1
        } else {
            strings.append(IncrementingIdGenerator.decimal(number))
        }
    }
}

/// Where a parse or a compilation takes its ids: numbers counted on directly for the
/// predictable ids (no string made), or the strings of any other generator.
struct IdSource {
    private var generator: any IdGenerator
    private var next: Int?

    init(_ generator: any IdGenerator) {
        self.generator = generator
        next = (generator as? IncrementingIdGenerator)?.next
    }

    /// The generator, advanced past every id handed out.
    var advanced: any IdGenerator {
        if let next { return IncrementingIdGenerator(startingAt: next) }
        return generator
    }

    /// Hands out a new id into `ids`; its index there.
    @inline(__always) mutating func newId(into ids: inout IdList) -> Int32 {
        if let number = next {
            ids.append(number: number)
            next = number + 1
        } else {
            ids.append(generator.newId())
        }
        return Int32(truncatingIfNeeded: ids.count - 1)
    }
}
