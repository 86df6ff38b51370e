import Foundation

/// Reads feature files into `Source`s: UTF-8 with or without a byte order mark, LF or
/// CRLF, or the encoding an `# encoding:` line names (`SourceEncoding`). Anything else is a
/// located, worded `SourceError`, never a crash.
public enum SourceReader {
    /// The file at `path` as text, named `uri` (the path when not given).
    public static func read(path: String, uri: String? = nil) throws(SourceError) -> Source {
        try readWithEncoding(path: path, uri: uri).source
    }

    static let tooManyOpenFiles = "cannot be read: too many open files (raise the limit with ulimit -n)"

    /// Why the file at `path` cannot be read, as opening it again says.
    static func whyUnreadable(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY)
        let code = descriptor < 0 ? errno : 0
        if descriptor >= 0 { close(descriptor) }
        switch code {
        case EMFILE, ENFILE: return tooManyOpenFiles
        case EACCES: return "cannot be read: permission denied"
        case 0: return "cannot be read"
        default: return "cannot be read: " + String(cString: strerror(code))
        }
    }

    /// The file at `path` as text, and the encoding it was read in.
    public static func readWithEncoding(
        path: String, uri: String? = nil
    ) throws(SourceError) -> (source: Source, encoding: SourceEncoding) {
        let uri = uri ?? path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SourceError(uri: uri, line: nil, column: nil, reason: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw SourceError(uri: uri, line: nil, column: nil, reason: "is a directory, not a feature file")
        }
        // A FIFO blocks its reader until a process writes to it, and a FIFO, a socket or a
        // device reads differently each time: a feature file is a file.
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            throw SourceError(
                uri: uri, line: nil, column: nil, reason: "is not a regular file (a FIFO, a socket or a device)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SourceError(uri: uri, line: nil, column: nil, reason: Self.whyUnreadable(path))
        }
        if path.hasSuffix(".md") {
            throw SourceError(
                uri: uri, line: nil, column: nil,
                reason: "Markdown with Gherkin (.feature.md) is not supported; use a .feature file")
        }
        let (text, encoding) = try decodeWithEncoding(Array(data), uri: uri)
        return (Source(uri: uri, data: text), encoding)
    }

    /// Decodes bytes as UTF-8 text, dropping a leading byte order mark, or in the encoding a
    /// UTF-16 byte order mark or an `# encoding:` line gives.
    public static func decode(_ bytes: [UInt8], uri: String) throws(SourceError) -> String {
        try decodeWithEncoding(bytes, uri: uri).text
    }

    /// The text of a file's bytes and the encoding it was read in (to write it back in): the
    /// one function the command line and the language server read feature files with.
    public static func decodeWithEncoding(
        _ bytes: [UInt8], uri: String
    ) throws(SourceError) -> (text: String, encoding: SourceEncoding) {
        for (mark, encoding, name) in [
            ([UInt8]([0xFF, 0xFE]), String.Encoding.utf16LittleEndian, "utf-16le"),
            ([0xFE, 0xFF], .utf16BigEndian, "utf-16be"),
        ] where bytes.starts(with: mark) && !bytes.starts(with: [0xFF, 0xFE, 0, 0]) {
            // An odd number of bytes is half a character at the end (a copy cut short), which
            // Foundation drops without a word.
            guard bytes.count % 2 == 0 else {
                throw SourceError(
                    uri: uri, line: nil, column: nil,
                    reason: "the file starts with a \(name) byte order mark, but ends in half a character "
                        + "(\(bytes.count) bytes, an odd number): was it cut short?")
            }
            guard let text = String(bytes: bytes.dropFirst(2), encoding: encoding) else {
                throw SourceError(
                    uri: uri, line: nil, column: nil,
                    reason: "the file starts with a \(name) byte order mark, but is not \(name) text")
            }
            return (text, SourceEncoding(name: name, encoding: encoding, byteOrderMark: mark))
        }
        let utf8Mark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        if !utf8Mark, let pragma = EncodingPragma.find(in: bytes[...]) {
            return try decode(bytes, uri: uri, pragma: pragma)
        }
        return (
            try decodeUTF8(bytes, uri: uri),
            utf8Mark ? SourceEncoding(name: "utf-8", encoding: .utf8, byteOrderMark: [0xEF, 0xBB, 0xBF]) : .utf8
        )
    }

    /// Bytes in the encoding an `# encoding:` line names; an unknown name or bytes that are
    /// not text in it are an error at the line.
    private static func decode(
        _ bytes: [UInt8], uri: String, pragma: EncodingPragma
    ) throws(SourceError) -> (text: String, encoding: SourceEncoding) {
        guard let encoding = SourceEncoding.named(pragma.name) else {
            let names = SourceEncoding.known.map { $0.names[0] }.joined(separator: ", ")
            throw SourceError(
                uri: uri, line: pragma.line, column: pragma.column,
                reason: "`# encoding: \(pragma.name)` names an encoding specs cannot read (it reads \(names))")
        }
        if encoding == .utf8 { return (try decodeUTF8(bytes, uri: uri), .utf8) }
        // Without a byte order mark, UTF-16 and UTF-32 are read in the order the `#` shows.
        let littleEndian = bytes.count > 1 && bytes[1] == 0
        let explicit: String.Encoding =
            switch encoding {
            case .utf16: littleEndian ? .utf16LittleEndian : .utf16BigEndian
            case .utf32: littleEndian ? .utf32LittleEndian : .utf32BigEndian
            default: encoding
            }
        let unit = encoding == .utf16 ? 2 : encoding == .utf32 ? 4 : 1
        guard bytes.count % unit == 0 else {
            throw SourceError(
                uri: uri, line: pragma.line, column: pragma.column,
                reason: "the file ends in part of a \(pragma.name) character (\(bytes.count) bytes, not a multiple of "
                    + "\(unit)): was it cut short?")
        }
        guard let text = String(bytes: bytes, encoding: explicit), !text.contains("\u{0}") else {
            throw SourceError(
                uri: uri, line: pragma.line, column: pragma.column,
                reason: "the file is not \(pragma.name) text, as its `# encoding: \(pragma.name)` line says")
        }
        return (text, SourceEncoding(name: pragma.name, encoding: explicit, byteOrderMark: []))
    }

    /// Decodes bytes as UTF-8 text, dropping a leading byte order mark.
    private static func decodeUTF8(_ bytes: [UInt8], uri: String) throws(SourceError) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let problem = firstProblem(in: body) {
            throw SourceError(uri: uri, line: problem.line, column: problem.column, reason: problem.reason)
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// The first NUL byte or invalid UTF-8 sequence, located by line and column.
    private static func firstProblem(in bytes: ArraySlice<UInt8>) -> (line: Int, column: Int, reason: String)? {
        guard let offset = firstProblemOffset(in: bytes) else { return nil }
        // Locate it only once found: lines up to it, then scalars on its line.
        var line = 1
        var lineStart = bytes.startIndex
        for index in bytes.startIndex..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        let byte = bytes[offset]
        if byte == 0 { return (line, column, "binary content (NUL byte): not a text feature file") }
        return (line, column, String(format: "invalid UTF-8 (byte 0x%02X)", byte))
    }

    /// The index of the first NUL byte or invalid UTF-8 sequence; ASCII text is checked
    /// a byte at a time without decoding.
    private static func firstProblemOffset(in bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte != 0 && byte < 0x80 {
                index += 1
                continue
            }
            if byte == 0 { return index }
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else { return index }
            index += length
        }
        return nil
    }

    /// The length of a well-formed UTF-8 sequence at `index`, or 0.
    private static func sequenceLength(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
        let first = bytes[index]
        if first < 0x80 { return 1 }
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: return 0
        }
        guard index + length <= bytes.endIndex else { return 0 }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            let (lo, hi) = offset == 1 ? (lower, upper) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= lo && byte <= hi else { return 0 }
        }
        return length
    }
}

/// A feature file that could not be read as text.
public struct SourceError: Error, Sendable, CustomStringConvertible {
    /// The file.
    public var uri: String
    /// The line of the bytes that could not be read, 1-based, when there is one.
    public var line: Int?
    /// The column of the bytes on that line, 1-based, when known.
    public var column: Int?
    /// Why the file could not be read.
    public var reason: String

    /// Whether the file could not be opened for want of a descriptor (`too many open files`).
    public var isForWantOfDescriptors: Bool { reason == SourceReader.tooManyOpenFiles }

    /// The error as `uri:line:column: error: reason`, the place as precise as known.
    public var description: String {
        var place = uri
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return "\(place): error: \(reason)"
    }
}
