import Foundation

/// Why a file that is there cannot be read as one, in a few words, the same for every input
/// and settings file: `is a folder, not a file`, `cannot be read: permission denied`, `is a
/// symbolic link that leads nowhere`.
package enum FileReason {
    /// Why the file at `path` cannot be read; `does not exist` when nothing is there.
    package static func whyUnreadable(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = errno
            var link = stat()
            if reason == ELOOP { return "is a symbolic link loop" }
            if reason == ENOENT, lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                return "is a symbolic link that leads nowhere"
            }
            return reason == ENOENT ? "does not exist" : "cannot be read: " + words(errno: reason)
        }
        if status.st_mode & S_IFMT == S_IFDIR { return "is a folder, not a file" }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return "cannot be read: " + words(errno: errno) }
        close(descriptor)
        return "cannot be read"
    }

    /// The system's words for `errno`, lowercased (`permission denied`).
    package static func words(errno: Int32) -> String {
        String(cString: strerror(errno)).lowercased()
    }

    /// The bytes of a settings file the project keeps by name (`specs.json`, `.specs-lint.json`):
    /// nil when nothing is at `path`; an error naming why when something is there but is not a
    /// regular file that reads (a folder, a FIFO, a link that leads nowhere, no permission).
    package static func settings(atPath path: String, shownAs name: String) throws(ConfigurationError) -> Data? {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw ConfigurationError(path: name, message: "cannot be read: " + words(errno: errno))
        }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFDIR {
            throw ConfigurationError(path: name, message: "is not a regular file (a FIFO, a socket or a device)")
        }
        if let data = FileManager.default.contents(atPath: path) { return data }
        throw ConfigurationError(path: name, message: whyUnreadable(path))
    }
}
