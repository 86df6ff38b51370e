import Foundation

/// The tests that exist, read from test sources without building them, or from the
/// output of `swift test list`.
package struct TestInventory: Sendable {
    package private(set) var tests: Set<TestIdentifier> = []

    package init(tests: Set<TestIdentifier> = []) { self.tests = tests }

    /// Every `*.swift` file below `directory`; the module is the folder under it.
    package static func scan(directory: String) -> TestInventory {
        var inventory = TestInventory()
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return inventory }
        // Every file is read before any test is named: a class is a test case through a base
        // class declared in another file.
        var files: [(declarations: TestSourceScanner.Declarations, module: String?)] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift"),
                let text = try? String(contentsOfFile: directory + "/" + relative, encoding: .utf8)
            else { continue }
            let module = relative.split(separator: "/").first.map(String.init)
            files.append((TestSourceScanner.declarations(in: text), relative.contains("/") ? module : nil))
        }
        inventory.tests = TestSourceScanner.tests(in: files)
        return inventory
    }

    /// `swift test list` output: `Module.Suite/test` (XCTest) or `Module.Suite/test()`.
    package static func parse(testList: String) -> TestInventory {
        var inventory = TestInventory()
        for line in testList.split(whereSeparator: \.isNewline) {
            let entry = line.trimmingCharacters(in: .whitespaces)
            guard let slash = entry.firstIndex(of: "/") else {
                // A `@Test` at file level: `Module.function()`, in the suite named after its module.
                if entry.hasSuffix(")"), let paren = entry.firstIndex(of: "("),
                    let dot = entry[..<paren].lastIndex(of: "."), dot > entry.startIndex
                {
                    let module = String(entry[..<dot])
                    let test = String(entry[entry.index(after: dot)..<paren])
                    inventory.tests.insert(TestIdentifier(module: module, suite: module, test: test))
                }
                continue
            }
            let qualified = entry[..<slash]
            var test = String(entry[entry.index(after: slash)...])
            if let paren = test.firstIndex(of: "(") { test = String(test[..<paren]) }
            let parts = qualified.split(separator: ".")
            guard let suite = parts.last else { continue }
            inventory.tests.insert(
                TestIdentifier(
                    module: parts.count > 1 ? parts.dropLast().joined(separator: ".") : nil, suite: String(suite),
                    test: test))
        }
        return inventory
    }

    package func contains(_ link: TestLink) -> Bool { tests.contains { $0.matches(link) } }

    /// The existing test that a link names, when it exists.
    package func test(for link: TestLink) -> TestIdentifier? { tests.first { $0.matches(link) } }

    /// The existing tests whose names are closest to a link's, for "did you mean".
    package func nearest(to link: TestLink, count: Int = 3) -> [String] {
        let target = link.name.lowercased()
        let scored: [(name: String, distance: Int)] = tests.map { test in
            let name = test.description
            return (name, EditDistance.between(name.lowercased(), target))
        }
        let sorted = scored.sorted { lhs, rhs in
            lhs.distance != rhs.distance ? lhs.distance < rhs.distance : lhs.name < rhs.name
        }
        return sorted.prefix(count).map(\.name)
    }
}

enum EditDistance {
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
