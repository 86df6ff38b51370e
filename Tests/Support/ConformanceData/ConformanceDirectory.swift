import Foundation

/// Finds the official Cucumber conformance data (`../shared/conformance` beside the
/// package, or `$SPECS_CONFORMANCE_DIR`). Tests use it; nothing at run time does.
public enum ConformanceDirectory {
    /// The directory, or nil when it is absent.
    public static var url: URL? {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["SPECS_CONFORMANCE_DIR"], !explicit.isEmpty {
            return FileManager.default.fileExists(atPath: explicit) ? URL(fileURLWithPath: explicit) : nil
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

    /// Whether the data is absent. Then, under `SPECS_REQUIRE_CONFORMANCE=1`, `fail` is told
    /// why; otherwise, with `announce`, one line says the conformance cases are skipped (once
    /// per test process; an XCTest that throws `XCTSkip` says it itself).
    public static func isAbsent(announce: Bool = true, fail: (String) -> Void) -> Bool {
        guard url == nil else { return false }
        if isRequired { fail(absenceMessage) } else if announce { _ = skipAnnounced }
        return true
    }

    /// Why the conformance cases are skipped, in a word, for `XCTSkip`.
    public static let skipReason = "the conformance data is absent"

    private static let skipAnnounced: Void = {
        print(
            "Conformance cases skipped: the official Cucumber data is not at ../shared/conformance beside the "
                + "package (or $SPECS_CONFORMANCE_DIR).")
    }()

    /// The message of a failure when the data is absent and required.
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
