/// Whether a text holds personally identifiable information, as the PII policy names it:
/// an email address, a UUID (a user or device id), or a run of six or more digits (an
/// account number, a phone number).
public enum PersonalData {
    public static func found(in text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        if let at = scalars.firstIndex(of: "@"), at > 0, scalars[(at + 1)...].contains(".") {
            return "an email address"
        }
        if containsUUID(scalars) { return "an identifier (UUID)" }
        var digits = 0
        for scalar in scalars {
            digits = ("0"..."9").contains(scalar) ? digits + 1 : 0
            if digits >= 6 { return "a number of six or more digits" }
        }
        return nil
    }

    /// 8-4-4-4-12 hexadecimal digits.
    private static func containsUUID(_ scalars: [Unicode.Scalar]) -> Bool {
        let groups = [8, 4, 4, 4, 12]
        let length = 36
        guard scalars.count >= length else { return false }
        func isHex(_ scalar: Unicode.Scalar) -> Bool {
            ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
        }
        outer: for start in 0...(scalars.count - length) {
            var index = start
            for (number, count) in groups.enumerated() {
                for _ in 0..<count {
                    guard isHex(scalars[index]) else { continue outer }
                    index += 1
                }
                if number < groups.count - 1 {
                    guard scalars[index] == "-" else { continue outer }
                    index += 1
                }
            }
            return true
        }
        return false
    }
}
