/// UUID-shaped random ids (version 4 layout, lowercase), from a generator seeded once:
/// unique within a run and across runs, without asking the system for randomness per id.
public struct RandomIdGenerator: IdGenerator, Sendable {
    private var state: UInt64

    /// Seeded from the system's random source.
    public init() {
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    /// Seeded as given: the same seed gives the same ids (for tests).
    public init(seed: UInt64) {
        state = seed
    }

    /// The generator of file `file` of a run seeded once with `seed`, for files read side
    /// by side: each file's ids come from 2^32 states of its own, so no two files share one.
    public init(seed: UInt64, file: Int) {
        state = seed &+ (UInt64(truncatingIfNeeded: file) << 32) &* Self.gamma
    }

    private static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// SplitMix64: every state is distinct for 2^64 steps, so no two ids of a run are equal.
    private mutating func nextWord() -> UInt64 {
        state &+= Self.gamma
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The id being written, kept from one id to the next: one allocation per id, the string's.
    private var text = Array("xxxxxxxx-xxxx-4xxx-xxxx-xxxxxxxxxxxx".utf8)

    /// A new random UUID, as text.
    public mutating func newId() -> String {
        let high = (nextWord() & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000  // version 4
        let low = (nextWord() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // RFC 4122 variant
        // Each group's hexadecimal digits, from where the group starts in the text.
        func put(_ word: UInt64, at start: Int, count: Int, shift: Int) {
            for offset in 0..<count {
                text[start + offset] = Self.hexDigits[Int((word >> UInt64(shift - 4 * offset)) & 0xF)]
            }
        }
        put(high, at: 0, count: 8, shift: 60)
        put(high, at: 9, count: 4, shift: 28)
        put(high, at: 14, count: 4, shift: 12)
        put(low, at: 19, count: 4, shift: 60)
        put(low, at: 24, count: 12, shift: 44)
        return String(decoding: text, as: UTF8.self)
    }
}
