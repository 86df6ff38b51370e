import Foundation

/// The package the server checks: the folder of `Package.swift` that built this runner, or
/// found upward from the folder the editor opened. An editor roots the server at its own
/// project root: the repository root in a monorepo, or the `Features/` folder of a package
/// not under version control; the steps are this package's either way.
enum PackageRoot {
    /// The package for the folder the editor opened and the runner's executable.
    static func of(folder: String?, executable: String?) -> String? {
        let built = executable.flatMap(builtBy)
        guard let folder = folder.map(real) else { return built }
        // The runner's own package, when the editor opened it, a folder in it, or a folder holding it.
        if let built, built == folder || built.hasPrefix(folder + "/") || folder.hasPrefix(built + "/") {
            return built
        }
        return upward(from: folder) ?? folder
    }

    /// The nearest folder at or above `folder` that holds a `Package.swift`.
    static func upward(from folder: String) -> String? {
        var current = URL(fileURLWithPath: folder)
        while true {
            if FileManager.default.fileExists(atPath: current.appendingPathComponent("Package.swift").path) {
                return current.path
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path || current.path == "/" { return nil }
            current = parent
        }
    }

    /// The package the file at `uri` belongs to when it is not `project`, the package the
    /// server checks: its steps are another runner's to check.
    static func other(of uri: String, project: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL,
            FileManager.default.fileExists(atPath: project + "/Package.swift"),
            let package = upward(
                from: url.resolvingSymlinksInPath().standardizedFileURL.deletingLastPathComponent().path),
            package != real(project)
        else { return nil }
        return package
    }

    /// The package whose `.build` folder holds the executable.
    private static func builtBy(_ executable: String) -> String? {
        let components = URL(fileURLWithPath: real(executable)).pathComponents
        guard let build = components.lastIndex(of: ".build"), build > 0 else { return nil }
        let package = NSString.path(withComponents: Array(components[..<build]))
        return FileManager.default.fileExists(atPath: package + "/Package.swift") ? package : nil
    }

    /// The path with symbolic links resolved.
    static func real(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
