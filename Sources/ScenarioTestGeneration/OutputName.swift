/// The name of the Swift file generated for a feature file: its file name and a hash of
/// the path the build gave (`cart-5d2c0a1f.generated.swift`), so that adding, renaming or
/// deleting one feature file leaves every other output's name, and so its compiled
/// object, as it was.
///
/// The `ScenarioTests` plugin declares the same names: its copy of this rule must
/// stay equal to this one.
public enum OutputName {
    public static let common = "Features.generated.swift"

    public static func forFeature(at path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.hasSuffix(".feature") ? String(file.dropLast(".feature".count)) : file
        let readable = String(stem.unicodeScalars.prefix(40).map { isPlain($0) ? Character($0) : "_" })
        return "\(readable)-\(hash(path)).generated.swift"
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
    }

    /// FNV-1a, 32 bits, over the path's UTF-8, as eight hexadecimal digits.
    static func hash(_ path: String) -> String {
        var value: UInt32 = 0x811C_9DC5
        for byte in path.utf8 {
            value ^= UInt32(byte)
            value = value &* 0x0100_0193
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
