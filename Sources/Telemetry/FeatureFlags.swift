/// Remote configuration: feature flags read with a default that holds whenever the remote
/// value is missing or cannot be read.
public protocol FeatureFlagService: Sendable {
    func bool(forKey key: String, default fallback: Bool) -> Bool
    func integer(forKey key: String, default fallback: Int) -> Int
}

/// Flags as Remote Config activates them and the App Group mirrors them: the safe default
/// in code unless an activated remote value can be read; in a debug build, an override in
/// the App Group (`remote_config_override_<key>`) wins. A key that is not snake_case is
/// never looked up: its default holds and the key is reported.
public struct RemoteConfigFlags: FeatureFlagService {
    public static let overridePrefix = "remote_config_override_"

    public let remote: [String: String]
    public let build: BuildConfiguration
    public let defaults: any SharedDefaults
    /// Told of each key that breaks the naming convention.
    public let report: @Sendable (String) -> Void

    public init(
        remote: [String: String], build: BuildConfiguration, defaults: any SharedDefaults,
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.remote = remote
        self.build = build
        self.defaults = defaults
        self.report = report
    }

    public func bool(forKey key: String, default fallback: Bool) -> Bool {
        value(key) { text in
            switch text.lowercased() {
            case "true", "1": true
            case "false", "0": false
            default: nil
            }
        } ?? fallback
    }

    public func integer(forKey key: String, default fallback: Int) -> Int {
        value(key) { Int($0) } ?? fallback
    }

    private func value<T>(_ key: String, _ read: (String) -> T?) -> T? {
        guard SnakeCase.isValid(key) else {
            report("feature flag key '\(key)' is not snake_case: its default holds")
            return nil
        }
        if build == .debug, let override = defaults.value(forKey: Self.overridePrefix + key).flatMap(read) {
            return override
        }
        return remote[key].flatMap(read)
    }
}
