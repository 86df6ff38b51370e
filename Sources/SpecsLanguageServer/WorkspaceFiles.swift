import Foundation

/// The feature files of the project the editor opened: every `.feature` under its folder,
/// build products, dependencies, hidden folders and packages inside it left out, each once by its real path
/// (a folder reached through a symbolic link is not read twice), with when it last changed.
enum WorkspaceFiles {
    static let skipped: Set<String> = [".build", ".git", ".swiftpm", "node_modules", "DerivedData"]

    static func features(under folder: String, limit: Int = 20_000) -> [URL] {
        stamps(under: folder, limit: limit).keys.sorted { $0.path < $1.path }
    }

    /// Each feature file, by its real path, and when it last changed.
    static func stamps(under folder: String, limit: Int = 20_000) -> [URL: Date] {
        let root = URL(fileURLWithPath: folder)
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey, .contentModificationDateKey],
                options: [.skipsHiddenFiles])
        else { return [:] }
        var found: [URL: Date] = [:]
        for case let url as URL in walker {
            if skipped.contains(url.lastPathComponent) || url.lastPathComponent.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            // A package inside the project has steps and a runner of its own.
            if url.path != root.path,
                (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true,
                FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
            {
                walker.skipDescendants()
                continue
            }
            if url.pathExtension == "feature" {
                let real = url.resolvingSymlinksInPath().standardizedFileURL
                found[real] =
                    (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
                    ?? .distantPast
                if found.count >= limit { break }
            }
        }
        return found
    }
}
