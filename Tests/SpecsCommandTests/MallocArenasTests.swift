import XCTest

@testable import SpecsCommand

/// Only the supervisor of a run on workers caps the allocator's arenas; every other
/// command keeps one arena per allocating thread, so that task-pool threads never share one.
final class MallocArenasTests: XCTestCase {
    func test_supervisesWorkers_runWithoutInProcess_isTrue() {
        XCTAssertTrue(SpecsCommand.supervisesWorkers([]))
        XCTAssertTrue(SpecsCommand.supervisesWorkers(["Features/login.feature", "--format", "progress"]))
    }

    func test_supervisesWorkers_runInProcess_isFalse() {
        XCTAssertFalse(SpecsCommand.supervisesWorkers(["Features", "--in-process", "--format", "message:out.ndjson"]))
    }

    func test_supervisesWorkers_subcommands_isFalse() {
        for subcommand in ["gherkin", "lsp", "format", "lint", "report"] {
            XCTAssertFalse(SpecsCommand.supervisesWorkers([subcommand, "Features/login.feature"]), subcommand)
        }
    }
}
