import Foundation
import SpecsCommand
import SpecsRunner

// A runner whose steps misbehave the way real app code can: crash, exit, block their
// thread, spin, print. The command tests run it to show that a run contains its faults.
final class FixtureWorld {}

var steps = StepRegistry { FixtureWorld() }
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
    var spins = 0
    while spins >= 0 { spins = spins == Int.max ? 0 : spins + 1 }
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
steps.given("an ambiguous step") { _ in }
steps.given("an ambiguous {word}") { (_, _: String) in }
steps.given(regex: "^a step matched by a pattern$") { _ in }
steps.given(regex: #"^a step with (\d+) groups?$"#) { (_, _: Int) in }

// Definitions said to be written in a Swift file of a scratch project, at lines 10 to 34 of
// it: the language server's tests edit that file as a team does between builds.
if let file = ProcessInfo.processInfo.environment["SPECS_FIXTURE_STEPS_FILE"] {
    for number in 0..<25 { steps.given("a scratch step \(number)", file: file, line: 10 + number) { _ in } }
}

// Definitions that cannot be registered, as a team writes them by mistake: the run must
// refuse to start, saying where each is.
if ProcessInfo.processInfo.environment["SPECS_FIXTURE_BROKEN_DEFINITIONS"] == "1" {
    steps.given("{int} accounts exist with {int} euros") { (_, _: Int) in }
    steps.given("a transfer in {currency}") { (_, _: String) in }
    steps.given("a (bad|alternation step") { _ in }
    steps.given("{int} accounts exist") { (_, _: String) in }
}

exit(await SpecsCommand.main(registry: steps))
