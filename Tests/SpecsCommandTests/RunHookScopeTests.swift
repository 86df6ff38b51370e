import Foundation
import XCTest

/// Run-level hooks run once per run, before any worker starts and after the last ends;
/// worker hooks once in each process that runs scenarios; what a hook prints is shown
/// where it happened. Through the real runner, with worker processes and in process.
final class RunHookScopeTests: XCTestCase {
    private var project: ScratchProject!

    override func setUpWithError() throws {
        project = try ScratchProject("specs-hook-scope")
        for number in 1...8 {
            try project.write(
                "Features/f\(number).feature",
                "Feature: Level \(number)\n  Scenario: car \(number) parks\n    Given a step that sleeps for 40 ms\n")
        }
    }

    override func tearDown() {
        project.remove()
    }

    private func run(_ arguments: [String]) throws -> (run: ExecutableRun, hooks: [(what: String, pid: String)]) {
        let run = try ExecutableRun.run(
            "misbehaving-specs", arguments, in: project.root, environment: ["SPECS_FIXTURE_HOOKS": "1"])
        let hooks = try project.read("hooks.log").split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            return (String(parts[0]), String(parts[1]))
        }
        return (run, hooks)
    }

    func test_run_parallelWorkers_runHooksOnceAroundTheRunAndWorkerHooksInEachWorker() throws {
        let (run, hooks) = try run(["--parallel", "4", "--format", "summary", "--format", "html:book.html"])
        XCTAssertEqual(run.code, 0, run.out + run.err)
        let what = hooks.map(\.what)
        XCTAssertEqual(what.filter { $0 == "before-all" }.count, 1, "\(what)")
        XCTAssertEqual(what.filter { $0 == "after-all" }.count, 1, "\(what)")
        XCTAssertEqual(what.first, "before-all", "\(what)")
        XCTAssertEqual(what.last, "after-all", "\(what)")
        // The run's hooks run in the runner, each worker's in that worker.
        let runner = hooks[0].pid
        XCTAssertEqual(hooks.last?.pid, runner)
        let workers = hooks.filter { $0.what == "before-worker" }.map(\.pid)
        XCTAssertTrue((1...4).contains(workers.count), "\(what)")
        XCTAssertEqual(Set(workers).count, workers.count)
        XCTAssertFalse(workers.contains(runner))
        XCTAssertEqual(Set(hooks.filter { $0.what == "after-worker" }.map(\.pid)), Set(workers))
        // The before-all hook's output comes before the run's own, once.
        XCTAssertTrue(run.out.hasPrefix("garage server started\n"), run.out)
        XCTAssertEqual(run.out.components(separatedBy: "garage server started").count, 2, run.out)
        // The book shows what the run's hooks printed before the chapters, under their names, in no
        // scenario; a before-scenario hook's output above its scenario's steps.
        let book = try ReportPage(try project.read("book.html"))
        XCTAssertFalse(book.chapterText.contains("connection opened"), book.chapterText)
        XCTAssertFalse(book.chapterText.contains("garage server started"), book.chapterText)
        let beforeRun = try XCTUnwrap(book.html.range(of: "<section class=\"run-hooks\"><h2>Before the run</h2>"))
        let firstChapter = try XCTUnwrap(book.html.range(of: "<section class=\"feature\""))
        let section = String(book.html[beforeRun.upperBound..<firstChapter.lowerBound])
        XCTAssertTrue(section.contains("start the garage server") && section.contains("garage server started"), section)
        XCTAssertEqual(section.components(separatedBy: "connection opened").count - 1, workers.count, section)
        let scenario = try XCTUnwrap(book.scenario(named: "car 1 parks"))
        let before = scenario["p"] as? String ?? ""
        XCTAssertTrue(before.contains("Before the scenario") && before.contains("ticket printed"), before)
        XCTAssertFalse((scenario["a"] as? String ?? "").contains("ticket printed"))
        XCTAssertFalse(book.chapterText.contains("After the scenario"), book.chapterText)
    }

    func test_run_inProcess_runsEachHookOnceInOrder() throws {
        let (run, hooks) = try run(["--in-process", "--format", "summary"])
        XCTAssertEqual(run.code, 0, run.out + run.err)
        XCTAssertEqual(hooks.map(\.what), ["before-all", "before-worker", "after-worker", "after-all"])
        XCTAssertEqual(Set(hooks.map(\.pid)).count, 1)
        // What the hooks printed is still on the terminal, before the run's own lines.
        XCTAssertTrue(run.out.hasPrefix("garage server started\nconnection opened\n"), run.out)
    }
}
