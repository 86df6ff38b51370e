import Gherkin

/// One message of a run, named and shaped as in Cucumber Messages. Every output of
/// specs is a consumer of a stream of these.
public enum Envelope: Sendable, Hashable {
    case meta(Meta)
    case source(Source)
    case gherkinDocument(GherkinDocument)
    case pickle(Pickle)
    case parseError(ParseErrorMessage)
    case stepDefinition(StepDefinitionMessage)
    case hook(HookMessage)
    case parameterType(ParameterTypeMessage)
    case undefinedParameterType(UndefinedParameterTypeMessage)
    case suggestion(SuggestionMessage)
    case testRunStarted(TestRunStarted)
    case testCase(TestCaseMessage)
    case testCaseStarted(TestCaseStarted)
    case testStepStarted(TestStepStarted)
    case testStepFinished(TestStepFinished)
    case attachment(Attachment)
    case testCaseFinished(TestCaseFinished)
    case testRunHookStarted(TestRunHookStarted)
    case testRunHookFinished(TestRunHookFinished)
    case testRunFinished(TestRunFinished)
}

extension Envelope: Codable {
    private enum CodingKeys: String, CodingKey {
        case meta, source, gherkinDocument, pickle, parseError, stepDefinition, hook, parameterType
        case undefinedParameterType, suggestion, testRunStarted, testCase, testCaseStarted, testStepStarted
        case testStepFinished, attachment, testCaseFinished, testRunHookStarted, testRunHookFinished, testRunFinished
    }

    /// Whether `name` is a message type this model reads (`pickle`, `testCaseStarted`, ...).
    public static func isKnownMessageType(_ name: String) -> Bool { CodingKeys(stringValue: name) != nil }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let key = c.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "an envelope needs one message"))
        }
        switch key {
        case .meta: self = .meta(try c.decode(Meta.self, forKey: key))
        case .source: self = .source(try c.decode(Source.self, forKey: key))
        case .gherkinDocument: self = .gherkinDocument(try c.decode(GherkinDocument.self, forKey: key))
        case .pickle: self = .pickle(try c.decode(Pickle.self, forKey: key))
        case .parseError: self = .parseError(try c.decode(ParseErrorMessage.self, forKey: key))
        case .stepDefinition: self = .stepDefinition(try c.decode(StepDefinitionMessage.self, forKey: key))
        case .hook: self = .hook(try c.decode(HookMessage.self, forKey: key))
        case .parameterType: self = .parameterType(try c.decode(ParameterTypeMessage.self, forKey: key))
        case .undefinedParameterType:
            self = .undefinedParameterType(try c.decode(UndefinedParameterTypeMessage.self, forKey: key))
        case .suggestion: self = .suggestion(try c.decode(SuggestionMessage.self, forKey: key))
        case .testRunStarted: self = .testRunStarted(try c.decode(TestRunStarted.self, forKey: key))
        case .testCase: self = .testCase(try c.decode(TestCaseMessage.self, forKey: key))
        case .testCaseStarted: self = .testCaseStarted(try c.decode(TestCaseStarted.self, forKey: key))
        case .testStepStarted: self = .testStepStarted(try c.decode(TestStepStarted.self, forKey: key))
        case .testStepFinished: self = .testStepFinished(try c.decode(TestStepFinished.self, forKey: key))
        case .attachment: self = .attachment(try c.decode(Attachment.self, forKey: key))
        case .testCaseFinished: self = .testCaseFinished(try c.decode(TestCaseFinished.self, forKey: key))
        case .testRunHookStarted: self = .testRunHookStarted(try c.decode(TestRunHookStarted.self, forKey: key))
        case .testRunHookFinished: self = .testRunHookFinished(try c.decode(TestRunHookFinished.self, forKey: key))
        case .testRunFinished: self = .testRunFinished(try c.decode(TestRunFinished.self, forKey: key))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .meta(let m): try c.encode(m, forKey: .meta)
        case .source(let m): try c.encode(m, forKey: .source)
        case .gherkinDocument(let m): try c.encode(m, forKey: .gherkinDocument)
        case .pickle(let m): try c.encode(m, forKey: .pickle)
        case .parseError(let m): try c.encode(m, forKey: .parseError)
        case .stepDefinition(let m): try c.encode(m, forKey: .stepDefinition)
        case .hook(let m): try c.encode(m, forKey: .hook)
        case .parameterType(let m): try c.encode(m, forKey: .parameterType)
        case .undefinedParameterType(let m): try c.encode(m, forKey: .undefinedParameterType)
        case .suggestion(let m): try c.encode(m, forKey: .suggestion)
        case .testRunStarted(let m): try c.encode(m, forKey: .testRunStarted)
        case .testCase(let m): try c.encode(m, forKey: .testCase)
        case .testCaseStarted(let m): try c.encode(m, forKey: .testCaseStarted)
        case .testStepStarted(let m): try c.encode(m, forKey: .testStepStarted)
        case .testStepFinished(let m): try c.encode(m, forKey: .testStepFinished)
        case .attachment(let m): try c.encode(m, forKey: .attachment)
        case .testCaseFinished(let m): try c.encode(m, forKey: .testCaseFinished)
        case .testRunHookStarted(let m): try c.encode(m, forKey: .testRunHookStarted)
        case .testRunHookFinished(let m): try c.encode(m, forKey: .testRunHookFinished)
        case .testRunFinished(let m): try c.encode(m, forKey: .testRunFinished)
        }
    }
}
