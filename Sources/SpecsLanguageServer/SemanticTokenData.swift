/// Semantic tokens' answers written as JSON straight from their numbers, so that a document
/// of thousands of steps costs no array of JSON values: the whole data, or the edit of the
/// data the editor has.
enum SemanticTokenData {
    /// `{"resultId":"…","data":[…]}`.
    static func full(resultId: String, data: [Int32]) -> [UInt8] {
        var bytes = Array(#"{"resultId":"\#(resultId)","data":"#.utf8)
        bytes.reserveCapacity(bytes.count + data.count * 3 + 2)
        write(data[...], to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// `{"resultId":"…","edits":[…]}`: one edit, or none when nothing changed.
    static func delta(
        resultId: String, edit: (start: Int, deleteCount: Int, data: ArraySlice<Int32>)?
    ) -> [UInt8] {
        var bytes = Array(#"{"resultId":"\#(resultId)","edits":["#.utf8)
        if let edit {
            bytes += Array(#"{"start":\#(edit.start),"deleteCount":\#(edit.deleteCount),"data":"#.utf8)
            write(edit.data, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes += Array("]}".utf8)
        return bytes
    }

    /// `[n,n,…]`.
    private static func write(_ numbers: ArraySlice<Int32>, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for number in numbers {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            write(number, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private static func write(_ number: Int32, to bytes: inout [UInt8]) {
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
