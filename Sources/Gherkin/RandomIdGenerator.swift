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

    /// SplitMix64: every state is distinct for 2^64 steps, so no two ids of a run are equal.
    private mutating func nextWord() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func newId() -> String {
        let high = (nextWord() & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000 // version 4
        let low = (nextWord() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000 // RFC 4122 variant
        return String(unsafeUninitializedCapacity: 36) { buffer in
            let digits: StaticString = "0123456789abcdef"
            var index = 0
            func put(_ word: UInt64, _ nibbles: Int, shift: Int) {
                for offset in 0..<nibbles {
                    let nibble = Int((word >> UInt64(shift - 4 * offset)) & 0xF)
                    buffer[index] = digits.withUTF8Buffer { $0[nibble] }
                    index += 1
                }
            }
            put(high, 8, shift: 60)
            buffer[index] = UInt8(ascii: "-"); index += 1
            put(high, 4, shift: 28)
            buffer[index] = UInt8(ascii: "-"); index += 1
            put(high, 4, shift: 12)
            buffer[index] = UInt8(ascii: "-"); index += 1
            put(low, 4, shift: 60)
            buffer[index] = UInt8(ascii: "-"); index += 1
            put(low, 12, shift: 44)
            return index
        }
    }
}
