/// Semantic tokens as the protocol encodes them, written as the JSON of the answer while
/// they are added: five numbers each (line and start relative to the token before, length,
/// type, no modifiers), so that a document of thousands of steps costs no array of numbers.
struct SemanticTokenData {
    private var bytes: [UInt8] = Array(#"{"data":["#.utf8)
    private var previousLine = 0
    private var previousStart = 0
    private var empty = true

    /// Room for about `tokens` tokens, so that a long document's answer is not copied as it grows.
    init(tokens: Int = 0) {
        bytes.reserveCapacity(10 + tokens * 16)
    }

    /// Adds a token; tokens come in the order of their lines and starts.
    mutating func add(line: Int, start: Int, length: Int, type: Int) {
        let deltaLine = line - previousLine
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        write(deltaLine)
        bytes.append(UInt8(ascii: ","))
        write(deltaLine == 0 ? start - previousStart : start)
        bytes.append(UInt8(ascii: ","))
        write(length)
        bytes.append(UInt8(ascii: ","))
        write(type)
        bytes.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "0")])
        previousLine = line
        previousStart = start
    }

    /// The answer: `{"data":[...]}`.
    var json: [UInt8] { bytes + [UInt8(ascii: "]"), UInt8(ascii: "}")] }

    private mutating func write(_ number: Int) {
        guard number != 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var value = number.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        )
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while value > 0, count < 10 {
                buffer[count] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }
}
