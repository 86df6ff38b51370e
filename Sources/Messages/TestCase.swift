/// A pickle planned for execution: its steps matched to definitions, and its hooks.
public struct TestCaseMessage: Sendable, Hashable, Codable {
    public var id: String
    public var pickleId: String
    public var testSteps: [TestStep]
    public var testRunStartedId: String?

    public init(id: String, pickleId: String, testSteps: [TestStep], testRunStartedId: String?) {
        self.id = id
        self.pickleId = pickleId
        self.testSteps = testSteps
        self.testRunStartedId = testRunStartedId
    }
}

/// A step of a test case: a pickle step (with the definitions it matched) or a hook.
public struct TestStep: Sendable, Hashable, Codable {
    public var id: String
    public var hookId: String?
    public var pickleStepId: String?
    public var stepDefinitionIds: [String]?
    public var stepMatchArgumentsLists: [StepMatchArgumentsList]?

    public init(
        id: String, hookId: String? = nil, pickleStepId: String? = nil, stepDefinitionIds: [String]? = nil,
        stepMatchArgumentsLists: [StepMatchArgumentsList]? = nil
    ) {
        self.id = id
        self.hookId = hookId
        self.pickleStepId = pickleStepId
        self.stepDefinitionIds = stepDefinitionIds
        self.stepMatchArgumentsLists = stepMatchArgumentsLists
    }
}

public struct StepMatchArgumentsList: Sendable, Hashable, Codable {
    public var stepMatchArguments: [StepMatchArgument]
    public init(stepMatchArguments: [StepMatchArgument]) { self.stepMatchArguments = stepMatchArguments }
}

public struct StepMatchArgument: Sendable, Hashable, Codable {
    public var group: Group
    public var parameterTypeName: String?
    public init(group: Group, parameterTypeName: String?) {
        self.group = group
        self.parameterTypeName = parameterTypeName
    }
}

/// A capture group of a match: where it starts (in Unicode scalars) and what it holds.
/// Empty `children` are left out of the JSON, as the reference implementations do.
public struct Group: Sendable, Hashable, Codable {
    public var children: [Group]
    public var start: Int?
    public var value: String?
    public init(children: [Group], start: Int?, value: String?) {
        self.children = children
        self.start = start
        self.value = value
    }

    private enum CodingKeys: String, CodingKey { case children, start, value }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        children = try container.decodeIfPresent([Group].self, forKey: .children) ?? []
        start = try container.decodeIfPresent(Int.self, forKey: .start)
        value = try container.decodeIfPresent(String.self, forKey: .value)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !children.isEmpty { try container.encode(children, forKey: .children) }
        try container.encodeIfPresent(start, forKey: .start)
        try container.encodeIfPresent(value, forKey: .value)
    }
}
