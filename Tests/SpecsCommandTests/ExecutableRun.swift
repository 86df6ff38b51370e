import Foundation
import Locking
import SpecsRunner
import XCTest

/// A runner executable of this package (`specs`, `misbehaving-specs`) run as a user runs
/// it: a process in a scratch project, its exit code and its two outputs.
struct ExecutableRun {
    let code: Int32
    let out: String
    let err: String
    /// Whether the process ended by a signal (its exit code is then the signal's number).
    let signaled: Bool

    /// The built executable, beside the test bundle.
    static func path(of name: String) throws -> String {
        // Linux runs the tests as an executable beside the others; macOS loads a bundle there.
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for directory in candidates {
            let path = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw RunFailure(message: "\(name) is not built beside the tests; `swift build` builds it")
    }

    /// Runs `name` with `arguments` in `directory`; `signal` is sent once standard output
    /// holds `when` (or at once), and `after` seconds more. With `standardOutput` (a file, as
    /// `> log` gives), standard output goes there and `out` is empty. With `script`, the
    /// command is `/bin/sh -c script`, `"$0"` the executable and `"$@"` the arguments.
    static func run(
        _ name: String, _ arguments: [String], in directory: URL, signal: Int32? = nil, when: String? = nil,
        after: Double = 0,
        closeStdoutAfter: Int? = nil, timeout: Double = 120, environment extra: [String: String] = [:],
        openFileLimit: Int? = nil, standardOutput: FileHandle? = nil, script: String? = nil
    ) throws -> ExecutableRun {
        let process = Process()
        // As `ulimit -n` in a shell before the command: the limit holds for the command alone.
        if let script = script ?? openFileLimit.map({ "ulimit -n \($0) && exec \"$0\" \"$@\"" }) {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script, try path(of: name)] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: try path(of: name))
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = standardOutput ?? outPipe
        process.standardError = errPipe
        if standardOutput != nil { try outPipe.fileHandleForWriting.close() }
        let outData = Locked<Data>(Data())
        let errData = Locked<Data>(Data())
        let done = DispatchGroup()
        for (pipe, data, limit) in [(outPipe, outData, closeStdoutAfter), (errPipe, errData, nil)] {
            done.enter()
            Thread {
                let handle = pipe.fileHandleForReading
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    data.withLock { $0.append(chunk) }
                    if let limit, data.withLock({ $0.count }) >= limit {
                        try? handle.close()  // as `| head` does: the reader goes away
                        break
                    }
                }
                done.leave()
            }.start()
        }
        try process.run()
        if let signal {
            let waitUntil = Date().addingTimeInterval(timeout)
            while let when, process.isRunning, Date() < waitUntil,
                !String(decoding: outData.withLock { $0 }, as: UTF8.self).contains(when)
            {
                Thread.sleep(forTimeInterval: 0.02)
            }
            Thread.sleep(forTimeInterval: after)
            kill(process.processIdentifier, signal)
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            throw RunFailure(message: "\(name) did not finish within \(timeout)s")
        }
        _ = done.wait(timeout: .now() + 10)
        return ExecutableRun(
            code: process.terminationStatus, out: String(decoding: outData.withLock { $0 }, as: UTF8.self),
            err: String(decoding: errData.withLock { $0 }, as: UTF8.self),
            signaled: process.terminationReason == .uncaughtSignal)
    }
}

/// A class of this test bundle, to find the bundle by.
private final class BundleMarker {}

struct RunFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
