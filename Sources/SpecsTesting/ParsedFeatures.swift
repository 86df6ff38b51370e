import FeatureLint
import Gherkin
import Messages

/// Each feature file parsed once per test process, however many of its scenarios run.
actor ParsedFeatures {
    static let shared = ParsedFeatures()

    struct Parsed: Sendable {
        let source: Source
        let document: GherkinDocument?
        let pickles: [Pickle]
        let errors: [ParseError]
    }

    private var parsed: [String: Parsed] = [:]

    func parse(_ file: ScenarioTests.FeatureFile) -> Parsed {
        if let known = parsed[file.path] { return known }
        let result = Self.parseNow(file)
        parsed[file.path] = result
        return result
    }

    static func parseNow(_ file: ScenarioTests.FeatureFile) -> Parsed {
        switch file.content {
        case .failure(let unreadable):
            return Parsed(
                source: Source(uri: file.path, data: ""), document: nil, pickles: [],
                errors: [
                    ParseError(
                        message: unreadable.message,
                        location: Location(line: unreadable.line, column: unreadable.column))
                ])
        case .success(let text):
            var ids = IncrementingIdGenerator()
            let source = Source(uri: file.path, data: text)
            do {
                var document = try Parser().parse(text, uri: file.path, ids: &ids)
                document.uri = file.path
                let pickles = PickleCompiler().compile(document, uri: file.path, ids: &ids)
                return Parsed(source: source, document: document, pickles: pickles, errors: [])
            } catch {
                return Parsed(source: source, document: nil, pickles: [], errors: error.errors)
            }
        }
    }
}

/// The issues of a feature file that cannot be run: its read or parse errors, each at its line.
enum FeatureProblems {
    static func issues(in file: ScenarioTests.FeatureFile) -> [ScenarioIssue] {
        let parsed = ParsedFeatures.parseNow(file)
        return parsed.errors.map { error in
            let column = error.location.column ?? 1
            return ScenarioIssue(
                message:
                    "\(file.path):\(error.location.line):\(column): error: \(ParseErrorWords.of(error, in: parsed.source.data))",
                place: file.place(line: error.location.line, column: column))
        }
    }
}
