import Foundation
import SpecsCommand
import SpecsReporting
import SpecsRunner

final class EmptyWorld {}

/// A scratch project on disk and the command run against it, in process. The project
/// is removed when the harness goes away.
final class CommandHarness {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("specs-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Runs `specs` with `arguments`; an argument starting with `@/` is a path in the project.
    func run(
        _ arguments: [String], registry: StepRegistry<EmptyWorld>? = nil
    ) async throws -> (code: Int32, out: String, err: String) {
        let outPath = path("stdout.txt")
        let errPath = path("stderr.txt")
        // Standard output and error as a process has them: written, never closed by a format.
        for path in [outPath, errPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let out = ReportOutput(handle: outHandle)
        let err = ReportOutput(handle: errHandle)
        var steps = StepRegistry { EmptyWorld() }
        steps.given("a step") { _ in }
        steps.given("a failing step") { _ in throw ExpectationFailure("expected green, got red") }
        let resolved = arguments.map {
            $0.hasPrefix("@/")
                ? path(String($0.dropFirst(2))) : $0.replacingOccurrences(of: ":@/", with: ":" + root.path + "/")
        }
        let code = await SpecsCommand.run(arguments: resolved, registry: registry ?? steps, out: out, err: err)
        out.close()
        err.close()
        try outHandle.close()
        try errHandle.close()
        return (
            code, try String(contentsOfFile: outPath, encoding: .utf8),
            try String(contentsOfFile: errPath, encoding: .utf8)
        )
    }
}
