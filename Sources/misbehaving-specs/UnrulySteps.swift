import Foundation
import SpecsRunner

/// Steps that treat the process as app code sometimes does: fork without exec, leave a process
/// in the background, write to descriptors they do not own, point standard output elsewhere.
/// Registered only when asked (`SPECS_FIXTURE_UNRULY_STEPS=1`), and written here, so that the
/// language server's tests find the same number of definitions in `main.swift`.
/// A scenario's world; with `SPECS_FIXTURE_WORLD_CRASHES=1` its making crashes, as app code
/// a world's initialiser calls may.
func fixtureWorld() -> FixtureWorld {
    if ProcessInfo.processInfo.environment["SPECS_FIXTURE_WORLD_CRASHES"] == "1" { fatalError("no world today") }
    return FixtureWorld()
}

func registerUnrulySteps(_ steps: inout StepRegistry<FixtureWorld>) {
    // On purpose: app code that forks without exec; the copy returns into the runner.
    steps.given("a step that forks") { _ in _ = fork() }
    // On purpose: app code that leaves a process running in the background, or writes to
    // descriptors it does not own.
    steps.given("a step that starts {string} in the background") { (_, command: String) in
        _ = system(command + " &")
    }
    steps.given("a step that starts a process listing its descriptors into {string}") { (_, path: String) in
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let arguments = ["/bin/ls", "/proc/self/fd"]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var environment: [UnsafeMutablePointer<CChar>?] = [nil]
        var pid = pid_t()
        guard posix_spawn(&pid, "/bin/ls", &actions, nil, &argv, &environment) == 0 else {
            throw ExpectationFailure("ls did not start")
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
    steps.given("a step that prints and then silences standard output") { _ in
        print("before the silence")
        fflush(nil)
        let nothing = open("/dev/null", O_WRONLY)
        dup2(nothing, STDOUT_FILENO)
        close(nothing)
    }
    // On purpose: work a step leaves running that crashes later, between scenarios.
    steps.given("a step that leaves work that crashes after {int} ms") { (_, milliseconds: Int) in
        Task.detached {
            try? await Task.sleep(nanoseconds: UInt64(milliseconds) * 1_000_000)
            fatalError("the work left running crashed")
        }
    }
    // On purpose: hooks whose setup code forks without exec.
    if ProcessInfo.processInfo.environment["SPECS_FIXTURE_FORKING_HOOKS"] == "1" {
        steps.beforeAll("start the server by forking") { _ = fork() }
        steps.before("prepare by forking") { _ in _ = fork() }
    }
    // On purpose: a teardown that never returns (a server that will not stop).
    if ProcessInfo.processInfo.environment["SPECS_FIXTURE_HANGING_AFTER_ALL"] == "1" {
        steps.afterAll("stop the server") { while ProcessInfo.processInfo.systemUptime > 0 { usleep(50_000) } }
    }
    // On purpose: a set-up that never returns, awaiting (cancellable) or blocking its thread.
    switch ProcessInfo.processInfo.environment["SPECS_FIXTURE_HANGING_BEFORE_ALL"] {
    case "awaits": steps.beforeAll("wait for the server") { try await Task.sleep(nanoseconds: 600_000_000_000) }
    case "blocks":
        steps.beforeAll("wait for the server") { while ProcessInfo.processInfo.systemUptime > 0 { usleep(50_000) } }
    default: break
    }
    steps.given("a step that leaves work that exits after {int} ms") { (_, milliseconds: Int) in
        Thread.detachNewThread {
            usleep(UInt32(milliseconds) * 1000)
            exit(0)
        }
    }
    steps.given("a step that stops its own process") { _ in
        // On purpose: as SIGSTOP from outside (a debugger, a terminal's ^Z to the worker) does.
        raise(SIGSTOP)
    }
    steps.given("a step that changes the working directory to {string}") { (_, folder: String) in
        guard FileManager.default.changeCurrentDirectoryPath(folder) else { throw ExpectationFailure("no \(folder)") }
    }
    steps.given("a step that writes {string} to standard error") { (_, text: String) in
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
    steps.given("a step that writes to descriptors 3 to {int}") { (_, last: Int) in
        for descriptor in Int32(3)...Int32(last) { _ = write(descriptor, "garbage\n", 8) }
    }
    steps.given("a step that leaves a task that forks, whose copy exits after {int} ms") { (_, milliseconds: Int) in
        Task.detached {
            guard fork() == 0 else { return }
            usleep(UInt32(milliseconds) * 1000)
            exit(0)
        }
    }
    // The "close everything inherited" idiom, run in the wrong process.
    steps.given("a step that closes descriptors 3 to {int}") { (_, last: Int) in
        for descriptor in Int32(3)...Int32(last) { close(descriptor) }
    }
}
