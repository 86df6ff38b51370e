/// A registered step definition.
public struct StepDefinitionMessage: Sendable, Hashable, Codable {
    public enum PatternType: String, Sendable, Hashable, Codable {
        case cucumberExpression = "CUCUMBER_EXPRESSION"
        case regularExpression = "REGULAR_EXPRESSION"
    }

    public struct Pattern: Sendable, Hashable, Codable {
        public var source: String
        public var type: PatternType
        public init(source: String, type: PatternType) {
            self.source = source
            self.type = type
        }
    }

    public var id: String
    public var pattern: Pattern
    public var sourceReference: SourceReference

    public init(id: String, pattern: Pattern, sourceReference: SourceReference) {
        self.id = id
        self.pattern = pattern
        self.sourceReference = sourceReference
    }
}

/// A registered hook.
public struct HookMessage: Sendable, Hashable, Codable {
    public enum HookType: String, Sendable, Hashable, Codable {
        case beforeTestRun = "BEFORE_TEST_RUN"
        case afterTestRun = "AFTER_TEST_RUN"
        case beforeTestCase = "BEFORE_TEST_CASE"
        case afterTestCase = "AFTER_TEST_CASE"
        case beforeTestStep = "BEFORE_TEST_STEP"
        case afterTestStep = "AFTER_TEST_STEP"
    }

    public var id: String
    public var name: String?
    public var sourceReference: SourceReference
    public var tagExpression: String?
    public var type: HookType?

    public init(id: String, name: String?, sourceReference: SourceReference, tagExpression: String?, type: HookType?) {
        self.id = id
        self.name = name
        self.sourceReference = sourceReference
        self.tagExpression = tagExpression
        self.type = type
    }
}

/// A registered parameter type.
public struct ParameterTypeMessage: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
    public var regularExpressions: [String]
    public var preferForRegularExpressionMatch: Bool
    public var useForSnippets: Bool
    public var sourceReference: SourceReference?

    public init(
        id: String, name: String, regularExpressions: [String], preferForRegularExpressionMatch: Bool,
        useForSnippets: Bool, sourceReference: SourceReference?
    ) {
        self.id = id
        self.name = name
        self.regularExpressions = regularExpressions
        self.preferForRegularExpressionMatch = preferForRegularExpressionMatch
        self.useForSnippets = useForSnippets
        self.sourceReference = sourceReference
    }
}

/// A step definition expression that names a parameter type nobody registered.
public struct UndefinedParameterTypeMessage: Sendable, Hashable, Codable {
    public var expression: String
    public var name: String
    public init(expression: String, name: String) {
        self.expression = expression
        self.name = name
    }
}

/// Ready-to-paste code for an undefined step.
public struct SuggestionMessage: Sendable, Hashable, Codable {
    public struct Snippet: Sendable, Hashable, Codable {
        public var language: String
        public var code: String
        public init(language: String, code: String) {
            self.language = language
            self.code = code
        }
    }

    public var id: String
    public var pickleStepId: String
    public var snippets: [Snippet]

    public init(id: String, pickleStepId: String, snippets: [Snippet]) {
        self.id = id
        self.pickleStepId = pickleStepId
        self.snippets = snippets
    }
}
