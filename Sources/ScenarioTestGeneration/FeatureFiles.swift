import Foundation
import Messages

/// Reads feature files for the generator the way the runner reads them.
public enum FeatureFiles {
    /// The file at `path`, named relative to `packageRoot` once symbolic links are
    /// resolved (a target's `Features` link to the package's `Features/` reads as `Features/...`).
    public static func input(path: String, packageRoot: String) -> FeatureFileInput {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let root = URL(fileURLWithPath: packageRoot).resolvingSymlinksInPath().path
        let relative = resolved.hasPrefix(root + "/") ? String(resolved.dropFirst(root.count + 1)) : resolved
        do {
            let source = try SourceReader.read(path: resolved, uri: relative)
            return FeatureFileInput(
                path: relative, absolutePath: resolved, givenPath: path, content: .success(source.data))
        } catch {
            let failure = FeatureFileInput.ReadFailure(
                message: error.reason, line: error.line ?? 1, column: error.column ?? 1)
            return FeatureFileInput(path: relative, absolutePath: resolved, givenPath: path, content: .failure(failure))
        }
    }
}
