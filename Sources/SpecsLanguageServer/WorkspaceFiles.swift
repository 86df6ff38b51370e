import Foundation

/// The feature files of the project the editor opened: every `.feature` under its folder,
/// build products, dependencies and hidden folders left out.
enum WorkspaceFiles {
    static let skipped: Set<String> = [".build", ".git", ".swiftpm", "node_modules", "DerivedData"]

    static func features(under folder: String, limit: Int = 20_000) -> [URL] {
        let root = URL(fileURLWithPath: folder)
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            if skipped.contains(url.lastPathComponent) || url.lastPathComponent.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            if url.pathExtension == "feature" {
                found.append(url.standardizedFileURL)
                if found.count >= limit { break }
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
