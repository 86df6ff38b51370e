import Foundation
import Gherkin
import Messages
import SpecsRunner
import SpecsSteps
import XCTest

/// The project's own Features/ run inside `swift test`: each failing scenario fails
/// this test with its name, location, step and message.
final class FeaturesTests: XCTestCase {
    static let featuresDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Features").path

    func test_run_features_directory_passes_every_scenario() async throws {
        let (files, problems) = FeatureLoader.discover([FeaturePath(argument: Self.featuresDirectory)])
        XCTAssertEqual(problems.count, 0, "\(problems)")
        XCTAssertGreaterThanOrEqual(files.count, 3, "expected login, observability and catalog features")
        var ids = IncrementingIdGenerator()
        let features = FeatureLoader.load(files, ids: &ids)
        let recorder = EventRecorder()

        let summary = await Runner(registry: SeedSteps.registry()).run(features, to: recorder)

        XCTAssertEqual(summary.parseErrors, 0)
        XCTAssertGreaterThan(summary.scenarioCount, 20)
        for failure in Self.failures(in: recorder.envelopes) { XCTFail(failure) }
        XCTAssertEqual(summary.exitCode, 0)
    }

    func test_run_login_feature_passes_the_six_scenarios_of_the_specification() async throws {
        var ids = IncrementingIdGenerator()
        let features = FeatureLoader.load([FeaturePath(argument: Self.featuresDirectory + "/login.feature")], ids: &ids)
        let recorder = EventRecorder()

        let summary = await Runner(registry: SeedSteps.registry()).run(features, to: recorder)

        let names = recorder.envelopes.compactMap { envelope -> String? in
            if case .pickle(let pickle) = envelope { return pickle.name }
            return nil
        }
        XCTAssertEqual(names, [
            "Login exitoso con credenciales válidas",
            "Login fallido porque el servidor rechaza las credenciales",
            "Login fallido porque no hay conexión a internet",
            "Login rechazado porque el email no tiene formato válido",
            "Login rechazado porque el password está vacío",
            "Login cancelado por el usuario mientras la autenticación está en progreso",
        ])
        XCTAssertEqual(summary.scenarios[.passed], 6)
        XCTAssertEqual(summary.exitCode, 0)
    }

    /// "scenario (file:line) — step: message" for each failed step of the stream.
    static func failures(in envelopes: [Envelope]) -> [String] {
        var pickles: [String: Pickle] = [:]
        var steps: [String: PickleStep] = [:]
        var testSteps: [String: (pickle: String, step: String?)] = [:]
        var started: [String: String] = [:]
        var testCasePickle: [String: String] = [:]
        var failures: [String] = []
        for envelope in envelopes {
            switch envelope {
            case .pickle(let pickle):
                pickles[pickle.id] = pickle
                for step in pickle.steps { steps[step.id] = step }
            case .testCase(let testCase):
                testCasePickle[testCase.id] = testCase.pickleId
                for step in testCase.testSteps { testSteps[step.id] = (testCase.pickleId, step.pickleStepId) }
            case .testCaseStarted(let start): started[start.id] = start.testCaseId
            case .testStepFinished(let finished) where finished.testStepResult.status.failsRun:
                let entry = testSteps[finished.testStepId]
                let pickle = entry.flatMap { pickles[$0.pickle] }
                let step = entry?.step.flatMap { steps[$0] }?.text ?? "hook"
                failures.append("""
                    \(pickle?.name ?? "?") (\(pickle?.uri ?? "?"):\(pickle?.location.line ?? 0)) — \
                    \(finished.testStepResult.status.rawValue) at step '\(step)': \(finished.testStepResult.message ?? "")
                    """)
            default: break
            }
        }
        return failures
    }
}

final class FailingScenarioTests: XCTestCase {
    /// A scenario made to fail (a wrong expected error) says which scenario, which
    /// step, where in the feature file, and what was expected and what happened.
    func test_run_login_with_wrong_expected_error_names_scenario_step_line_and_values() async throws {
        let source = try String(contentsOfFile: FeaturesTests.featuresDirectory + "/login.feature", encoding: .utf8)
        let broken = source.replacingOccurrences(
            of: "Then el sistema devuelve un error de tipo InvalidCredentials", with: "Then el sistema devuelve un error de tipo Connectivity")
        XCTAssertNotEqual(broken, source)
        var ids = IncrementingIdGenerator()
        var document = try Parser().parse(broken, uri: "Features/login.feature", ids: &ids)
        document.uri = "Features/login.feature"
        let pickles = PickleCompiler().compile(document, uri: "Features/login.feature", ids: &ids)
        let feature = LoadedFeature(source: Source(uri: "Features/login.feature", data: broken), document: document, pickles: pickles, errors: [])
        let recorder = EventRecorder()

        let summary = await Runner(registry: SeedSteps.registry()).run([feature], to: recorder)

        XCTAssertEqual(summary.exitCode, 1)
        let failures = FeaturesTests.failures(in: recorder.envelopes)
        XCTAssertEqual(failures.count, 1)
        let failure = failures.first ?? ""
        XCTAssertTrue(failure.contains("Login fallido porque el servidor rechaza las credenciales (Features/login.feature:20)"), failure)
        XCTAssertTrue(failure.contains("step 'el sistema devuelve un error de tipo Connectivity'"), failure)
        XCTAssertTrue(failure.contains("error type: expected Connectivity, got InvalidCredentials"), failure)
    }
}
