import Foundation

/// A request's id as the editor sent it: a number or a string.
enum RequestID: Hashable {
    case number(Int)
    case string(String)

    init?(_ value: Any?) {
        if let string = value as? String {
            self = .string(string)
        } else if let number = value as? Int {
            self = .number(number)
        } else if let number = value as? NSNumber {
            self = .number(number.intValue)
        } else {
            return nil
        }
    }

    /// The id as it goes back in a response.
    var json: Any {
        switch self {
        case .number(let number): number
        case .string(let string): string
        }
    }
}
