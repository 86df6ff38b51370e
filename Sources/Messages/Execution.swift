public struct TestRunStarted: Sendable, Hashable, Codable {
    public var timestamp: Timestamp
    public var id: String?
    public init(timestamp: Timestamp, id: String?) {
        self.timestamp = timestamp
        self.id = id
    }
}

public struct TestCaseStarted: Sendable, Hashable, Codable {
    public var attempt: Int
    public var id: String
    public var testCaseId: String
    public var workerId: String?
    public var timestamp: Timestamp
    public init(attempt: Int, id: String, testCaseId: String, workerId: String?, timestamp: Timestamp) {
        self.attempt = attempt
        self.id = id
        self.testCaseId = testCaseId
        self.workerId = workerId
        self.timestamp = timestamp
    }
}

public struct TestStepStarted: Sendable, Hashable, Codable {
    public var testCaseStartedId: String
    public var testStepId: String
    public var timestamp: Timestamp
    public init(testCaseStartedId: String, testStepId: String, timestamp: Timestamp) {
        self.testCaseStartedId = testCaseStartedId
        self.testStepId = testStepId
        self.timestamp = timestamp
    }
}

/// What happened to a step, worst last.
public enum TestStepResultStatus: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case unknown = "UNKNOWN"
    case passed = "PASSED"
    case skipped = "SKIPPED"
    case pending = "PENDING"
    case undefined = "UNDEFINED"
    case ambiguous = "AMBIGUOUS"
    case failed = "FAILED"

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    /// A test case's status from its steps' statuses: the worst of them, passed for none.
    /// The one place a test case's status is decided: the runner, a worker's supervisor and
    /// the ledger all ask it.
    public static func testCase(of steps: some Sequence<TestStepResultStatus>) -> TestStepResultStatus {
        steps.reduce(.passed) { $0.combined(with: $1) }
    }

    /// A test case's status so far (`self`) once another of its steps has ended.
    public func combined(with step: TestStepResultStatus) -> TestStepResultStatus { Swift.max(self, step) }

    /// Whether this status fails a strict run.
    public var failsRun: Bool {
        switch self {
        case .passed, .skipped, .unknown: false
        case .pending, .undefined, .ambiguous, .failed: true
        }
    }
}

/// An error thrown by user code.
public struct ExceptionMessage: Sendable, Hashable, Codable {
    public var type: String
    public var message: String?
    public var stackTrace: String?
    public init(type: String, message: String?, stackTrace: String? = nil) {
        self.type = type
        self.message = message
        self.stackTrace = stackTrace
    }
}

public struct TestStepResult: Sendable, Hashable, Codable {
    public var duration: Duration
    public var message: String?
    public var status: TestStepResultStatus
    public var exception: ExceptionMessage?
    public init(
        duration: Duration, message: String? = nil, status: TestStepResultStatus, exception: ExceptionMessage? = nil
    ) {
        self.duration = duration
        self.message = message
        self.status = status
        self.exception = exception
    }
}

public struct TestStepFinished: Sendable, Hashable, Codable {
    public var testCaseStartedId: String
    public var testStepId: String
    public var testStepResult: TestStepResult
    public var timestamp: Timestamp
    public init(testCaseStartedId: String, testStepId: String, testStepResult: TestStepResult, timestamp: Timestamp) {
        self.testCaseStartedId = testCaseStartedId
        self.testStepId = testStepId
        self.testStepResult = testStepResult
        self.timestamp = timestamp
    }
}

public struct TestCaseFinished: Sendable, Hashable, Codable {
    public var testCaseStartedId: String
    public var timestamp: Timestamp
    public var willBeRetried: Bool
    public init(testCaseStartedId: String, timestamp: Timestamp, willBeRetried: Bool) {
        self.testCaseStartedId = testCaseStartedId
        self.timestamp = timestamp
        self.willBeRetried = willBeRetried
    }
}

public struct TestRunFinished: Sendable, Hashable, Codable {
    public var message: String?
    public var success: Bool
    public var timestamp: Timestamp
    public var exception: ExceptionMessage?
    public var testRunStartedId: String?
    public init(
        message: String? = nil, success: Bool, timestamp: Timestamp, exception: ExceptionMessage? = nil,
        testRunStartedId: String?
    ) {
        self.message = message
        self.success = success
        self.timestamp = timestamp
        self.exception = exception
        self.testRunStartedId = testRunStartedId
    }
}

public struct TestRunHookStarted: Sendable, Hashable, Codable {
    public var id: String
    public var testRunStartedId: String
    public var hookId: String
    public var workerId: String?
    public var timestamp: Timestamp
    public init(id: String, testRunStartedId: String, hookId: String, workerId: String? = nil, timestamp: Timestamp) {
        self.id = id
        self.testRunStartedId = testRunStartedId
        self.hookId = hookId
        self.workerId = workerId
        self.timestamp = timestamp
    }
}

public struct TestRunHookFinished: Sendable, Hashable, Codable {
    public var testRunHookStartedId: String
    public var result: TestStepResult
    public var timestamp: Timestamp
    public init(testRunHookStartedId: String, result: TestStepResult, timestamp: Timestamp) {
        self.testRunHookStartedId = testRunHookStartedId
        self.result = result
        self.timestamp = timestamp
    }
}

/// Text, JSON or bytes attached to a step, hook or run.
public struct Attachment: Sendable, Hashable, Codable {
    public enum ContentEncoding: String, Sendable, Hashable, Codable {
        case identity = "IDENTITY"
        case base64 = "BASE64"
    }

    public var body: String
    public var contentEncoding: ContentEncoding
    public var fileName: String?
    public var mediaType: String
    public var testCaseStartedId: String?
    public var testStepId: String?
    public var testRunHookStartedId: String?
    /// Set on an attachment of the test run itself (not of a test case or a hook).
    public var testRunStartedId: String?
    public var url: String?
    public var timestamp: Timestamp?

    public init(
        body: String, contentEncoding: ContentEncoding, fileName: String? = nil, mediaType: String,
        testCaseStartedId: String? = nil, testStepId: String? = nil, testRunHookStartedId: String? = nil,
        testRunStartedId: String? = nil, url: String? = nil, timestamp: Timestamp? = nil
    ) {
        self.testRunStartedId = testRunStartedId
        self.body = body
        self.contentEncoding = contentEncoding
        self.fileName = fileName
        self.mediaType = mediaType
        self.testCaseStartedId = testCaseStartedId
        self.testStepId = testStepId
        self.testRunHookStartedId = testRunHookStartedId
        self.url = url
        self.timestamp = timestamp
    }
}
