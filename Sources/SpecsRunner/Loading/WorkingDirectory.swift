import Foundation

/// Paths a run reads or writes after its steps and hooks have run (feature files read in
/// batches, the tests scanned for links, the history written at the end) are made absolute
/// as the run starts: a step or hook that changes the working directory (a server started
/// in its folder, a command-line tool under test) moves none of them.
package enum WorkingDirectory {
    /// `path` from the current directory; unchanged when it starts at the root or is empty.
    package static func absolute(_ path: String) -> String {
        guard !path.isEmpty, !path.hasPrefix("/") else { return path }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
