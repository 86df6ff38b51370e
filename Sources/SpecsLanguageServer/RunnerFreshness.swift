import Foundation

/// Whether the runner serving the editor is as new as its step definitions, and whether it
/// has been rebuilt since it started.
struct RunnerFreshness {
    /// The executable, as it was found when the server started.
    let executable: String?
    private let builtAt: Date?

    init() {
        #if os(Linux)
            self.init(executable: try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        #else
            self.init(executable: Bundle.main.executablePath)
        #endif
    }

    init(executable: String?) {
        self.executable = executable
        builtAt = executable.flatMap(Self.modified)
    }

    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// The Swift files of these definitions changed after the runner was built, newest first.
    func staleSources(_ files: Set<String>) -> [String] {
        guard let builtAt else { return [] }
        return files.compactMap { file in Self.modified(file).map { (file, $0) } }
            .filter { $0.1 > builtAt.addingTimeInterval(1) }
            .sorted { $0.1 > $1.1 }.map(\.0)
    }

    /// A rebuilt runner at the same path, finished (unchanged for a second): the one to serve with.
    func rebuilt(now: Date = Date()) -> String? {
        guard let executable, let builtAt, let modified = Self.modified(executable), modified > builtAt,
            now.timeIntervalSince(modified) > 1, FileManager.default.isExecutableFile(atPath: executable)
        else { return nil }
        return executable
    }
}
