import Foundation
import SpecsRunner
import Testing

extension ScenarioTests {
    /// The trait of each generated feature suite: the registry's before-all hooks run once per
    /// test process, before its first scenario, and its after-all hooks once, as the process
    /// ends. Swift Testing has no run-wide hook, and a parent suite over every feature would
    /// make adding one feature file recompile every generated file. A failing before-all hook
    /// is an issue of every feature suite, and no scenario runs, as in the command-line runner;
    /// a failing after-all hook is written to standard error and fails the process.
    public struct RunHooks<World: AnyObject>: SuiteTrait, TestScoping {
        let registry: StepRegistry<World>

        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let before = await RunHookCoordinator.shared.beforeAll(of: registry)
            for failure in before { Issue.record(Comment(rawValue: failure)) }
            if before.isEmpty { try await function() }
        }
    }
}

/// Runs a test process's before-all hooks once, however many feature suites ask, and
/// arranges its after-all hooks for the end of the process.
actor RunHookCoordinator {
    static let shared = RunHookCoordinator()
    /// The before-all hooks' run: started by the first suite, awaited by the others.
    private var beforeAll: Task<[String], Never>?

    /// The before-all hooks' failures, worded; empty when they passed.
    func beforeAll<World: AnyObject>(of registry: StepRegistry<World>) async -> [String] {
        if let beforeAll { return await beforeAll.value }
        let runner = Runner(registry: registry)
        let started = Task { await runner.runHooks(.beforeAll) }
        beforeAll = started
        AfterAllHooks.runAtExit { await runner.runHooks(.afterAll) }
        return await started.value
    }
}

/// The after-all hooks of a test process, run when it exits.
enum AfterAllHooks {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var hooks: (@Sendable () async -> [String])?

    static func runAtExit(_ run: @escaping @Sendable () async -> [String]) {
        lock.lock()
        defer { lock.unlock() }
        guard hooks == nil else { return }
        hooks = run
        atexit { AfterAllHooks.exiting() }
    }

    /// Runs the hooks on the concurrency pool while the exiting thread waits for them.
    private static func exiting() {
        lock.lock()
        let run = hooks
        hooks = nil
        lock.unlock()
        guard let run else { return }
        let done = DispatchSemaphore(value: 0)
        let failures = FailureBox()
        Task.detached {
            failures.set(await run())
            done.signal()
        }
        done.wait()
        let found = failures.get()
        guard !found.isEmpty else { return }
        for failure in found { FileHandle.standardError.write(Data("error: \(failure)\n".utf8)) }
        // Output already written by the tests is flushed; nothing else runs after the failure.
        fflush(nil)
        _exit(1)
    }

    private final class FailureBox: @unchecked Sendable {
        private let lock = NSLock()
        private var failures: [String] = []
        func set(_ value: [String]) { lock.withLock { failures = value } }
        func get() -> [String] { lock.withLock { failures } }
    }
}
