import Foundation

/// JSON for the protocol's messages, written directly from the dictionaries and arrays the
/// server builds: Foundation's serializer bridges every value to an object first, which made
/// an outline of 2,000 scenarios cost a quarter of a second in a debug build.
enum JSONText {
    /// JSON already written, placed as it is.
    struct Encoded {
        let bytes: [UInt8]
    }

    static func encode(_ value: Any) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, to: &out)
        return out
    }

    private static func write(_ value: Any, to out: inout [UInt8]) {
        // Exact types first: a number Foundation parsed (an id the editor sent) would also
        // cast to Bool, and a Bool to a number.
        let type = Swift.type(of: value)
        // The shapes the server builds, told by their exact type first: a failed cast from
        // `Any` is what costs most.
        if type == Encoded.self {
            out += (value as! Encoded).bytes
        } else if type == [String: Any].self {
            writeObject(value as! [String: Any], to: &out)
        } else if type == [[String: Any]].self {
            writeArray(value as! [[String: Any]], to: &out)
        } else if type == [Any].self {
            writeArray(value as! [Any], to: &out)
        } else if type == String.self {
            writeString(value as! String, to: &out)
        } else if type == [Int].self {
            writeArray(value as! [Int], to: &out)
        } else if let string = value as? String {
            writeString(string, to: &out)
        } else if type == Bool.self, let bool = value as? Bool {
            out += Array((bool ? "true" : "false").utf8)
        } else if type == Int.self, let int = value as? Int {
            out += Array(String(int).utf8)
        } else if type == Double.self, let double = value as? Double {
            out += Array((double.isFinite ? "\(double)" : "null").utf8)
        } else if let object = value as? [String: Any] {
            writeObject(object, to: &out)
        } else if let array = value as? [Any] {
            writeArray(array, to: &out)
        } else if let number = value as? NSNumber {
            let kind = String(cString: number.objCType)
            if kind == "c" || kind == "B" {
                out += Array((number.boolValue ? "true" : "false").utf8)
            } else if kind == "d" || kind == "f" {
                out += Array("\(number.doubleValue)".utf8)
            } else {
                out += Array(String(number.int64Value).utf8)
            }
        } else {
            out += Array("null".utf8)
        }
    }

    private static func writeObject(_ object: [String: Any], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        for (index, element) in object.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            writeString(element.key, to: &out)
            out.append(UInt8(ascii: ":"))
            write(element.value, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    private static func writeArray<Element>(_ array: [Element], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, element) in array.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            if Element.self == Int.self, let int = element as? Int {
                out += Array(String(int).utf8)
            } else {
                write(element, to: &out)
            }
        }
        out.append(UInt8(ascii: "]"))
    }

    static func writeString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [92, 34]
            case UInt8(ascii: "\\"): out += [92, 92]
            case 0x0A: out += [92, UInt8(ascii: "n")]
            case 0x0D: out += [92, UInt8(ascii: "r")]
            case 0x09: out += [92, UInt8(ascii: "t")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
