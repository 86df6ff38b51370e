import Foundation

/// Why an event may not be sent.
public enum AnalyticsViolation: Sendable, Hashable, CustomStringConvertible {
    /// The name is not snake_case.
    case nameNotSnakeCase(String)
    /// The name or a parameter holds personal data.
    case personalData(place: String, kind: String)
    /// A versioned event (`_v2`) without its `schema_version`, or with another one.
    case schemaVersionMissing(name: String, expected: String)

    public var description: String {
        switch self {
        case .nameNotSnakeCase(let name): "'\(name)' is not snake_case"
        case .personalData(let place, let kind): "\(place) holds \(kind)"
        case .schemaVersionMissing(let name, let expected):
            "'\(name)' is version \(expected) of its event and needs schema_version \(expected)"
        }
    }
}

/// The handbook's rules for analytics events: snake_case names, no personal data in the
/// name or the parameters, and a breaking change (`post_analyzed_v2`) carrying its
/// `schema_version`.
public enum EventPolicy {
    public static func violations(of event: AnalyticsEvent) -> [AnalyticsViolation] {
        var found: [AnalyticsViolation] = []
        if let kind = PersonalData.found(in: event.name) {
            found.append(.personalData(place: "the event name", kind: kind))
        }
        if !SnakeCase.isValid(event.name) && found.isEmpty { found.append(.nameNotSnakeCase(event.name)) }
        for key in event.parameters.keys.sorted() {
            if let kind = PersonalData.found(in: key) ?? event.parameters[key].flatMap(PersonalData.found(in:)) {
                found.append(.personalData(place: "the parameter \(key)", kind: kind))
            }
        }
        if let version = schemaVersion(of: event.name), event.parameters["schema_version"] != version {
            found.append(.schemaVersionMissing(name: event.name, expected: version))
        }
        return found
    }

    /// The version a name's `_vN` suffix gives (N of 2 or more).
    static func schemaVersion(of name: String) -> String? {
        guard let marker = name.range(of: "_v", options: .backwards) else { return nil }
        let digits = name[marker.upperBound...]
        guard !digits.isEmpty, digits.allSatisfy(\.isNumber), let version = Int(digits), version >= 2 else {
            return nil
        }
        return String(version)
    }
}
