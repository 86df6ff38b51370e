import Foundation

/// Finds the official Cucumber conformance data (`../shared/conformance` beside the
/// package, or `$SPECS_CONFORMANCE_DIR`). Tests use it; nothing at run time does.
public enum ConformanceDirectory {
    /// The directory, or nil when it is absent.
    public static var url: URL? {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["SPECS_CONFORMANCE_DIR"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidate = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance")
        return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
    }

    /// Whether a missing directory must fail the tests (`SPECS_REQUIRE_CONFORMANCE=1`, set in CI).
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["SPECS_REQUIRE_CONFORMANCE"] == "1"
    }

    /// The message to show when the data is absent.
    public static let absenceMessage = """
        CONFORMANCE DATA NOT FOUND: expected ../shared/conformance beside the package \
        or SPECS_CONFORMANCE_DIR; the official conformance cases did not run.
        """

    /// Files below `subpath` whose names end with `suffix`, sorted.
    public static func files(_ subpath: String, suffix: String) -> [URL] {
        guard let base = url?.appendingPathComponent(subpath),
            let names = try? FileManager.default.contentsOfDirectory(atPath: base.path)
        else { return [] }
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { base.appendingPathComponent($0) }
    }
}
