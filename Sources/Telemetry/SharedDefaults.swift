import Locking

/// The App Group's shared settings, read by the app and its share extension alike (the
/// consent flag, the mirrored feature flags, debug overrides).
public protocol SharedDefaults: Sendable {
    func value(forKey key: String) -> String?
    func set(_ value: String?, forKey key: String)
}

/// Shared settings kept in memory: one instance stands for the App Group both targets see.
public final class InMemorySharedDefaults: SharedDefaults {
    private let values = Locked<[String: String]>([:])

    public init(_ initial: [String: String] = [:]) {
        values.withLock { $0 = initial }
    }

    public func value(forKey key: String) -> String? { values.withLock { $0[key] } }
    public func set(_ value: String?, forKey key: String) { values.withLock { $0[key] = value } }
}

/// How the app was built: debug builds behave differently for consent and flag overrides.
public enum BuildConfiguration: String, Sendable {
    case debug, release
}
