import ConformanceData
import Foundation
import Testing

/// The Cucumber Compatibility Kit: each sample's stream from specs matches the
/// expected stream under the kit's comparison rules.
@Suite("Cucumber Compatibility Kit")
struct CompatibilityKitTests {
    static let samples: [String] = {
        guard let base = ConformanceDirectory.url?.appendingPathComponent("compatibility-kit/samples"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: base.path)
        else { return [] }
        return names.sorted()
    }()

    @Test("the kit is present and every sample is accounted for")
    func kitIsPresent() throws {
        guard !ConformanceDirectory.isAbsent(fail: { Issue.record(Comment(rawValue: $0)) }) else { return }
        #expect(Self.samples.count == 46)
        for name in Self.samples where KitSamples.unsupported[name] == nil {
            #expect(try KitSamples.sample(name) != nil, "no step definitions for \(name)")
        }
        let left = KitSamples.unsupported.map { "\($0.key): \($0.value)" }.sorted().joined(separator: "; ")
        // To standard error: a sample's run hook, running meanwhile in this process, takes
        // standard output for its own (and attached this line to its hook).
        FileHandle.standardError.write(Data("Compatibility kit samples left out: \(left)\n".utf8))
    }

    @Test("sample matches its expected messages", arguments: samples.filter { KitSamples.unsupported[$0] == nil })
    func sample(_ name: String) async throws {
        let sample = try #require(try KitSamples.sample(name))
        let actual = try await KitComparison.run(sample: name, registry: sample.registry, options: sample.options)
        let problems = KitComparison.differences(actual: actual, expected: try KitComparison.expected(sample: name))
        #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))")
    }

    @Test("a stream out of the messages' partial order is caught")
    func partialOrderIsChecked() throws {
        let lines = [
            #"{"testRunStarted":{"id":"r"}}"#,
            #"{"testCase":{"id":"t","pickleId":"p","testSteps":[]}}"#,
            #"{"pickle":{"id":"p","uri":"a.feature"}}"#,
            #"{"testStepStarted":{"testCaseStartedId":"s","testStepId":"x"}}"#,
            #"{"testCaseStarted":{"id":"s","testCaseId":"t"}}"#,
            #"{"testRunFinished":{}}"#,
        ]
        let problems = KitComparison.orderProblems(try lines.map { try JSONValue(parsing: $0) })
        #expect(problems.contains { $0.contains("refers to pickle p before it was told") })
        #expect(problems.contains { $0.contains("refers to source a.feature before it was told") })
        #expect(problems.contains { $0.contains("testStepStarted") && $0.contains("outside its test case s") })
        #expect(problems.contains { $0.contains("testRunFinished while test cases [\"s\"] are open") })
    }
}
