import Foundation
import Locking
import SpecsRunner

/// Swift step definitions equivalent to each sample's (see the kit's README), and the
/// options its `.arguments.txt` asks for.
enum KitSamples {
    struct Sample {
        let registry: StepRegistry<KitWorld>
        var options = RunOptions()
    }

    /// Samples left out, with the reason.
    static let unsupported: [String: String] = [
        "markdown": "Markdown with Gherkin (.feature.md) is not supported by specs' parser",
        "test-run-exception": "needs an error outside user code (--error), which specs has no way to inject",
    ]

    static func sample(_ name: String) throws -> Sample? {
        var steps = StepRegistry { KitWorld() }
        var options = RunOptions()
        let directory = try KitComparison.sampleDirectory(name)
        func file(_ file: String) throws -> Data {
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path) else {
                throw KitError(message: "missing \(file)")
            }
            return data
        }
        switch name {
        case "all-statuses", "failedish-combinations":
            steps.step(regex: "^a step$") { _ in }
            steps.step(regex: "^a failing step$") { _ in throw Failure("whoops") }
            steps.step(regex: "^a pending step$") { _ in throw Pending() }
            steps.step(regex: "^a skipped step$") { _ in throw Skipped() }
            steps.step(regex: "^an ambiguous (.*?)$") { (_, _: StepValue) in }
            steps.step(regex: "^(.*?) ambiguous step$") { (_, _: StepValue) in }
        case "ambiguous":
            steps.step(regex: "^a (.*?) with (.*?)$") { (_, _: StepValue, _: StepValue) in }
            steps.step(regex: "^a step with (.*?)$") { (_, _: StepValue) in }
        case "attachments":
            steps.when("the string {string} is attached as {string}") { (_, text: String, mediaType: String) in
                Attach.text(text, mediaType: mediaType)
            }
            steps.when("the string {string} is logged") { (_, text: String) in Attach.log(text) }
            steps.when("text with ANSI escapes is logged") { _ in
                Attach.log(
                    "This displays a \u{1B}[31mr\u{1B}[0m\u{1B}[91ma\u{1B}[0m\u{1B}[33mi\u{1B}[0m\u{1B}[32mn\u{1B}[0m\u{1B}[34mb\u{1B}[0m\u{1B}[95mo\u{1B}[0m\u{1B}[35mw\u{1B}[0m"
                )
            }
            steps.when("the following string is attached as {string}:") { (_, mediaType: String, doc: DocString) in
                Attach.text(doc.content, mediaType: mediaType)
            }
            steps.when("an array with {int} bytes is attached as {string}") { (_, count: Int, mediaType: String) in
                Attach.bytes(Data((0..<count).map { UInt8($0 & 0xFF) }), mediaType: mediaType)
            }
            let pdf = try file("document.pdf")
            steps.when("a PDF document is attached and renamed") { _ in
                Attach.bytes(pdf, mediaType: "application/pdf", fileName: "renamed.pdf")
            }
            steps.when("a link to {string} is attached") { (_, url: String) in Attach.link(url) }
            steps.when("the string {string} is attached as {string} before a failure") {
                (_, text: String, mediaType: String) in
                Attach.text(text, mediaType: mediaType)
                throw Failure("whoops")
            }
        case "backgrounds", "rules-backgrounds", "multiple-features", "multiple-features-reversed":
            steps.given("an order for {string}") { (_, _: String) in }
            if name.hasPrefix("multiple-features") {
                if name == "multiple-features-reversed" { options.order = .reverse }
            } else {
                steps.when("an action") { _ in }
                steps.then("an outcome") { _ in }
            }
        case "cdata":
            steps.given("I have {int} <![CDATA[cukes]]> in my belly") { (_, _: Int) in }
        case "data-tables":
            steps.when("the following table is transposed:") { (world, table: DataTable) in
                world.table = table.transposed()
            }
            steps.then("it should be:") { (world, expected: DataTable) in
                guard world.table == expected else { throw Failure("tables differ") }
            }
        case "doc-strings":
            steps.given("a doc string:") { (_, _: DocString) in }
        case "empty", "retry-undefined":
            if name == "retry-undefined" { options.retry = 2 }
        case "examples-tables", "examples-tables-undefined", "examples-tables-undefined-multiple":
            steps.given("there are {int} cucumbers") { (world, count: Int) in world.count = count }
            if name == "examples-tables" {
                steps.given("there are {int} friends") { (world, friends: Int) in world.friends = friends }
            }
            steps.when("I eat {int} cucumbers") { (world, eaten: Int) in world.count -= eaten }
            steps.then("I should have {int} cucumbers") { (world, left: Int) in
                guard world.count == left else {
                    throw Failure("Expected values to be strictly equal:\n\n\(world.count) !== \(left)\n")
                }
            }
            if name == "examples-tables" {
                steps.then("each person can eat {int} cucumbers") { (world, share: Int) in
                    let actual = world.count / (1 + world.friends)
                    guard actual == share else {
                        throw Failure("Expected values to be strictly equal:\n\n\(actual) !== \(share)\n")
                    }
                }
            }
        case "examples-tables-attachment":
            let jpeg = try file("cucumber.jpeg")
            let png = try file("cucumber.png")
            steps.when("a JPEG image is attached") { _ in Attach.bytes(jpeg, mediaType: "image/jpeg") }
            steps.when("a PNG image is attached") { _ in Attach.bytes(png, mediaType: "image/png") }
        case "global-hooks", "global-hooks-afterall-error", "global-hooks-beforeall-error", "global-hooks-attachments":
            let beforeCount = name == "global-hooks-beforeall-error" ? 3 : name == "global-hooks-attachments" ? 1 : 2
            for index in 0..<beforeCount {
                steps.beforeAll {
                    if name == "global-hooks-beforeall-error" && index == 1 {
                        throw Failure("BeforeAll hook went wrong")
                    }
                    if name == "global-hooks-attachments" {
                        Attach.text("Attachment from BeforeAll hook", mediaType: "text/plain")
                    }
                }
            }
            steps.when("a step passes") { _ in }
            if name == "global-hooks" { steps.when("a step fails") { _ in throw Failure("Exception in step") } }
            let afterCount = name == "global-hooks-afterall-error" ? 3 : name == "global-hooks-attachments" ? 1 : 2
            for index in 0..<afterCount {
                steps.afterAll {
                    if name == "global-hooks-afterall-error" && index == 1 { throw Failure("AfterAll hook went wrong") }
                    if name == "global-hooks-attachments" {
                        Attach.text("Attachment from AfterAll hook", mediaType: "text/plain")
                    }
                }
            }
        case "hooks":
            steps.before { _ in }
            steps.when("a step passes") { _ in }
            steps.when("a step fails") { _ in throw Failure("Exception in step") }
            steps.after { _ in }
        case "hooks-attachment":
            let svg = try file("cucumber.svg")
            steps.before { _ in Attach.bytes(svg, mediaType: "image/svg+xml") }
            steps.when("a step passes") { _ in }
            steps.after { _ in Attach.bytes(svg, mediaType: "image/svg+xml") }
        case "hooks-conditional":
            steps.before(tags: "@passing-hook") { _ in }
            steps.before(tags: "@fail-before") { _ in throw Failure("Exception in conditional hook") }
            steps.when("a step passes") { _ in }
            steps.after(tags: "@fail-after") { _ in throw Failure("Exception in conditional hook") }
            steps.after(tags: "@passing-hook") { _ in }
        case "hooks-named":
            steps.before("A named before hook") { _ in }
            steps.when("a step passes") { _ in }
            steps.after("A named after hook") { _ in }
        case "hooks-skipped":
            steps.before { _ in }
            steps.before(tags: "@skip-before") { _ in throw Skipped() }
            steps.before { _ in }
            steps.given("a normal step") { _ in }
            steps.given("a step that skips") { _ in throw Skipped() }
            steps.after { _ in }
            steps.after(tags: "@skip-after") { _ in throw Skipped() }
            steps.after { _ in }
        case "hooks-undefined":
            steps.before { _ in }
            steps.after { _ in }
        case "minimal":
            steps.given("I have {int} cukes in my belly") { (_, _: Int) in }
        case "parameter-types":
            struct Flight: StepArgument { let from: String, to: String }
            steps.parameterType("flight", regex: "([A-Z]{3})-([A-Z]{3})") { groups in
                Flight(from: groups[0] ?? "", to: groups[1] ?? "")
            }
            steps.given("{flight} has been delayed") { (_, flight: Flight) in
                guard flight.from == "LHR", flight.to == "CDG" else { throw Failure("wrong flight") }
            }
        case "pending":
            steps.given("an implemented non-pending step") { _ in }
            steps.given("an implemented step that is skipped") { _ in }
            steps.given("an unimplemented pending step") { _ in throw Pending() }
        case "pending-exception":
            steps.given("an unimplemented pending step") { _ in throw Pending("TODO") }
        case "regular-expression":
            steps.step(regex: "^a (.*?)(?: and a (.*?))?(?: and a (.*?))?$") {
                (_, _: StepValue, _: StepValue, _: StepValue) in
            }
        case "retry", "retry-ambiguous", "retry-pending":
            options.retry = 2
            if name == "retry" {
                let attempts = Counter()
                steps.given("a step that always passes") { _ in }
                steps.given("a step that passes the second time") { _ in
                    if attempts.next("second") < 2 { throw Failure("Exception in step") }
                }
                steps.given("a step that passes the third time") { _ in
                    if attempts.next("third") < 3 { throw Failure("Exception in step") }
                }
                steps.given("a step that always fails") { _ in throw Failure("Exception in step") }
            } else if name == "retry-ambiguous" {
                steps.given("an ambiguous step") { _ in }
                steps.given("an ambiguous step") { _ in }
            } else {
                steps.given("a pending step") { _ in throw Pending() }
            }
        case "rules":
            steps.given("the customer has {int} cents") { (world, cents: Int) in world.money = cents }
            steps.given("there are chocolate bars in stock") { world in world.stock = ["Mars"] }
            steps.given("there are no chocolate bars in stock") { world in world.stock = [] }
            steps.when("the customer tries to buy a {int} cent chocolate bar") { (world, price: Int) in
                if world.money >= price, !world.stock.isEmpty { world.sold = true }
            }
            steps.then("the sale should not happen") { world in if world.sold { throw Failure("the sale happened") } }
            steps.then("the sale should happen") { world in if !world.sold { throw Failure("the sale did not happen") }
            }
        case "skipped", "skipped-exception":
            if name == "skipped" {
                steps.given("a step that does not skip") { _ in }
                steps.given("a step that is skipped") { _ in }
            }
            steps.given("I skip a step") { _ in throw name == "skipped-exception" ? Skipped("skipping") : Skipped() }
        case "skipped-failing-hook":
            steps.given("a step that skips") { _ in throw Skipped() }
            steps.after { _ in throw Failure("whoops") }
        case "stack-traces":
            steps.when("a step throws an exception") { _ in throw Failure("BOOM") }
        case "undefined", "undefined-multiple":
            steps.given("an implemented step") { _ in }
            steps.given("a step that will be skipped") { _ in }
        case "unknown-parameter-type":
            steps.given("{airport} is closed because of a strike") { (_, _: String) in }
        case "unused-steps":
            steps.given("a step that is used") { _ in }
            steps.given("a step that is not used") { _ in }
        default:
            return nil
        }
        return Sample(registry: steps, options: options)
    }
}

/// Attempts per step, across the retries of a run.
final class Counter: Sendable {
    private let counts = Locked<[String: Int]>([:])

    func next(_ key: String) -> Int {
        counts.withLock { counts in
            counts[key, default: 0] += 1
            return counts[key] ?? 0
        }
    }
}
