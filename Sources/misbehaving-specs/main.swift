import Foundation
import SpecsCommand
import SpecsRunner

// A runner whose steps misbehave the way real app code can: crash, exit, block their
// thread, spin, print. The command tests run it to show that a run contains its faults.
final class FixtureWorld {}

var steps = StepRegistry { fixtureWorld() }
steps.given("a step that passes") { _ in }
steps.given("a step with a table that {word}") { (_, result: String, table: DataTable) in
    if result == "fails" { throw ExpectationFailure("the table has \(table.rows.count) row(s), and this row fails") }
}
steps.given("a step that fails") { _ in throw ExpectationFailure("expected green, got red") }
// On purpose: a crash in app code, which the run must contain (its worker dies, the run goes on).
steps.given("a step that calls fatalError") { _ in fatalError("the cart is corrupt") }
steps.given("a step that unwraps nil") { _ in
    let missing: Int? = ProcessInfo.processInfo.environment["SPECS_FIXTURE_NEVER_SET"].flatMap { Int($0) }
    _ = missing!
}
steps.given("a step that calls exit {int}") { (_, status: Int) in exit(Int32(status)) }
steps.given("a step that sleeps its thread for {int} s") { (_, seconds: Int) in _ = usleep(UInt32(seconds) * 1_000_000)
}
steps.given("a step that waits on a semaphore nobody signals") { _ in DispatchSemaphore(value: 0).wait() }
steps.given("a step that spins") { _ in
    // A busy loop the optimiser cannot remove (a loop without effects may be taken away, and
    // the step would pass): it reads the clock each time round, and ends only if the clock goes back.
    let start = DispatchTime.now().uptimeNanoseconds
    while DispatchTime.now().uptimeNanoseconds >= start {}
}
steps.given("a step that sleeps for {int} ms") { (_, milliseconds: Int) in
    try await Task.sleep(nanoseconds: UInt64(milliseconds) * 1_000_000)
}
steps.given("a step that prints {string}") { (_, text: String) in print(text) }
steps.given("a step that prints {int} MB") { (_, megabytes: Int) in
    // Lines of 1 KiB, as a chatty test fixture writes them.
    let line = String(repeating: "x", count: 1023) + "\n"
    var block = ""
    for _ in 0..<1024 { block += line }
    for _ in 0..<megabytes { print(block, terminator: "") }
}
steps.given("a step that reads standard input") { _ in _ = readLine() }
steps.given("a pending step") { _ in throw Pending("the fixture leaves it for later") }
// A line in the file SPECS_FIXTURE_LEDGER says the step ran, whichever worker ran it: what
// the invariant campaign (Scripts/invariant-campaign.py) counts runs by, not the reports.
steps.given("a step that records {string}") { (_, mark: String) in
    guard let path = ProcessInfo.processInfo.environment["SPECS_FIXTURE_LEDGER"] else { return }
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard descriptor >= 0 else { throw ExpectationFailure("the ledger \(path) cannot be opened") }
    defer { close(descriptor) }
    let line = Array((mark + "\n").utf8)
    guard write(descriptor, line, line.count) == line.count else { throw ExpectationFailure("the ledger is full") }
}
steps.given("a step that attaches {string}") { (_, text: String) in
    Attach.text(text, mediaType: "text/plain", fileName: "note.txt")
    Attach.bytes(Data(text.utf8), mediaType: "application/octet-stream")
}
steps.given("a step that logs {string}") { (_, text: String) in Attach.log(text + "\nand a second line") }
steps.given("an ambiguous step") { _ in }
steps.given("an ambiguous {word}") { (_, _: String) in }
steps.given(regex: "^a step matched by a pattern$") { _ in }
steps.given(regex: #"^a step with (\d+) groups?$"#) { (_, _: Int) in }
// Flaky on purpose: fails until its n-th run, counting runs in a file of the working directory
// (a retry may run in another worker).
steps.given("a step that passes on its run {int}") { (_, run: Int) in
    let path = "step-runs.txt"
    let count = (Int((try? String(contentsOfFile: path, encoding: .utf8)) ?? "") ?? 0) + 1
    try String(count).write(toFile: path, atomically: true, encoding: .utf8)
    if count < run { throw ExpectationFailure("card declined: 6666 (run \(count))") }
}

// A run hook that ends the runner's process, as `exit(0)` in a team's `beforeAll` or `afterAll`.
switch ProcessInfo.processInfo.environment["SPECS_FIXTURE_EXITING_RUN_HOOK"] {
case "beforeAll": steps.beforeAll("leave early") { exit(0) }
case "afterAll": steps.afterAll("leave late") { exit(0) }
default: break
}
// A run or worker hook that fails (throws), or crashes its worker.
switch ProcessInfo.processInfo.environment["SPECS_FIXTURE_FAILING_RUN_HOOK"] {
case "beforeAll": steps.beforeAll("book the test garage") { throw ExpectationFailure("garage closed\nsecond line") }
case "beforeWorker":
    steps.beforeWorker("open a database connection") { throw ExpectationFailure("connection refused") }
case "crashingBeforeWorker":
    // On purpose: a worker hook that crashes its worker, which the run must contain and name.
    steps.beforeWorker("open a database connection") { fatalError("driver crashed") }
case "hangingBeforeWorker":
    // On purpose: a worker hook that never returns (a connection that never opens).
    steps.beforeWorker("open a database connection") { while true { sleep(1) } }
case "hangingAfterWorker":
    // On purpose: a worker hook that never returns (a connection that never closes).
    steps.afterWorker("close the database connection") { while true { sleep(1) } }
default: break
}

// A run hook that changes the working directory, as one that starts a server in its folder.
if let folder = ProcessInfo.processInfo.environment["SPECS_FIXTURE_BEFORE_ALL_CHANGES_DIRECTORY"] {
    steps.beforeAll("start the server in its folder") {
        guard FileManager.default.changeCurrentDirectoryPath(folder) else { throw ExpectationFailure("no \(folder)") }
    }
}

// Hooks that say when and in which process they ran, in a file of the working directory.
if ProcessInfo.processInfo.environment["SPECS_FIXTURE_HOOKS"] == "1" {
    @Sendable func note(_ what: String) throws {
        let line = "\(what) \(getpid())\n"
        let handle =
            FileHandle(forWritingAtPath: "hooks.log")
            ?? {
                _ = FileManager.default.createFile(atPath: "hooks.log", contents: nil)
                return FileHandle(forWritingAtPath: "hooks.log")
            }()
        try handle?.seekToEnd()
        try handle?.write(contentsOf: Data(line.utf8))
        try handle?.close()
    }
    steps.beforeAll("start the garage server") {
        print("garage server started")
        try note("before-all")
    }
    steps.afterAll("stop the garage server") { try note("after-all") }
    steps.beforeWorker("open a database connection") {
        print("connection opened")
        try note("before-worker")
    }
    steps.afterWorker("close the database connection") { try note("after-worker") }
    steps.before("print the ticket") { _ in print("ticket printed") }
}

// Steps that treat the process as app code sometimes does (UnrulySteps.swift), only when asked.
if ProcessInfo.processInfo.environment["SPECS_FIXTURE_UNRULY_STEPS"] == "1" { registerUnrulySteps(&steps) }

// Definitions said to be written in a Swift file of a scratch project, at lines 10 to 34 of
// it: the language server's tests edit that file as a team does between builds.
if let file = ProcessInfo.processInfo.environment["SPECS_FIXTURE_STEPS_FILE"] {
    for number in 0..<25 { steps.given("a scratch step \(number)", file: file, line: 10 + number) { _ in } }
}

// Scenario and step hooks that attach what they saw rather than print it (a run in process
// does not capture what a step prints; a worker does).
if ProcessInfo.processInfo.environment["SPECS_FIXTURE_ATTACHING_HOOKS"] == "1" {
    steps.before("note the scenario", tags: "@hooked") { _, context in Attach.log("before \(context.scenario.name)") }
    steps.afterStep("note the step", tags: "@hooked") { _, context in
        Attach.log("after \(context.step ?? "?"): \(context.status?.rawValue ?? "?")")
    }
    steps.after("judge the scenario", tags: "@hooked") { _, context in
        Attach.text(#"{"status":"\#(context.status?.rawValue ?? "?")"}"#, mediaType: "application/json")
        if context.scenario.tags.contains("@failing-hook") { throw ExpectationFailure("the after hook fails too") }
    }
}

// Definitions that cannot be registered, as a team writes them by mistake: the run must
// refuse to start, saying where each is.
if ProcessInfo.processInfo.environment["SPECS_FIXTURE_BROKEN_DEFINITIONS"] == "1" {
    steps.given("{int} accounts exist with {int} euros") { (_, _: Int) in }
    steps.given("a transfer in {currency}") { (_, _: String) in }
    steps.given("a (bad|alternation step") { _ in }
    steps.given("{int} accounts exist") { (_, _: String) in }
}

// A step registered a second time, in another file as a team does it: a run warns of it.
if ProcessInfo.processInfo.environment["SPECS_FIXTURE_REGISTERED_TWICE"] == "1" {
    steps.then("a step that passes") { _ in }
}

// Parameter types as a team writes them: ones the snippets of undefined steps use, or one
// whose regular expression does not compile (the run must refuse to start, saying where).
switch ProcessInfo.processInfo.environment["SPECS_FIXTURE_PARAMETER_TYPES"] {
case "snippets":
    steps.parameterType("color", regex: "red|blue|green") { $0[0] ?? "" }
    steps.parameterType("opgrp", regex: #"(a)?b(c)?"#) { $0[0] ?? "" }
case "invalid":
    steps.parameterType("bad", regex: "([") { $0[0] ?? "" }
    steps.given("a step with a {bad} parameter") { (_, _: String) in }
default: break
}

exit(await SpecsCommand.main(registry: steps))
