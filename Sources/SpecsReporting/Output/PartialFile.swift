/// The hidden file a report is written to before it is put in place (`ReportOutput`), beside
/// it: `.NAME.PID.partial`, PID the writing process. A name too long for a partial name within
/// the 255 bytes a file name may have keeps its first bytes and a checksum of the whole name
/// (`.NAM...-0123456789abcdef.PID.partial`), so that every name has a partial name of its own.
/// Decided here alone for the writer and for the readers that look for a run's unfinished write.
package enum PartialFile {
    /// The longest file name most file systems take, in bytes.
    static let longestName = 255
    /// The most a partial name adds to the report's name: its two dots, a process id of up
    /// to ten digits and `.partial`.
    static let added = 2 + 10 + ".partial".count

    /// The part of the partial names of the report `name` before the process id.
    package static func prefix(of name: String) -> String {
        let bytes = Array(name.utf8)
        guard bytes.count > longestName - added else { return ".\(name)." }
        // A checksum that every process computes alike (the standard library's hash is seeded per process).
        var checksum: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { checksum = (checksum ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var head = bytes.prefix(longestName - added - 17 - 8)
        // Cut at the start of a character's bytes, never inside one.
        while let last = head.last, last & 0xC0 == 0x80 || last >= 0xC0 { head.removeLast() }
        let hex = String(checksum, radix: 16)
        return "." + String(decoding: head, as: UTF8.self) + "-" + String(repeating: "0", count: 16 - hex.count) + hex
            + "."
    }

    /// The partial name of the report `name` written by process `pid`.
    package static func name(of name: String, pid: Int32) -> String { prefix(of: name) + "\(pid).partial" }

    /// The writer of `fileName` when it is a partial name of the report `name`: its process
    /// id; nil when it is none (`.a.b.1.partial` is report `a.b`'s, not report `a`'s).
    package static func writer(of fileName: String, forReport name: String) -> Int32? {
        let prefix = prefix(of: name)
        guard fileName.hasPrefix(prefix), fileName.hasSuffix(".partial") else { return nil }
        let digits = fileName.dropFirst(prefix.count).dropLast(".partial".count)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int32(digits)
    }
}
