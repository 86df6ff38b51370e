import Messages

/// What a worker tells its supervisor of a test case it runs, one line per event, in the
/// fields of the protocol (`ProtocolFields`). The supervisor sent the plan, so it knows every
/// id: a line carries the step's position, the status, times and what the step wrote or
/// attached, and the supervisor makes the envelopes again from its plan (`ResultReplay`), with
/// the functions the run in process makes them with (`TestCaseEvents`).
///
/// Version 2 of the protocol (the settings line names it). Each line starts with a letter:
///
/// - `C attempt seconds nanos`: an attempt started.
/// - `S step seconds nanos`: step (by its position in the plan) started.
/// - `F step STATUS duration-seconds duration-nanos seconds nanos message exception`: a step
///   ended; `message` is `-` or `=TEXT`, `exception` is `-` or `=TYPE` then its message.
/// - `G step code`: the snippet of an undefined step.
/// - `A step media-type IDENTITY|BASE64 file-name seconds nanos body`: an attachment.
/// - `E retried seconds nanos`: the attempt finished (`retried` is 1 when another follows).
///
/// A line from a worker is untrusted input: one that is none of these, or longer than
/// `maximumLine`, is read as nothing but the reason it is refused.
enum ResultLine {
    /// The version of the protocol, sent with the settings.
    static let version = 2
    /// The longest line a supervisor reads from a worker (an attachment included).
    static let maximumLine = 64 << 20

    /// One event of a test case, by the position of its step.
    enum Event: Sendable {
        case started(attempt: Int, at: Timestamp)
        case stepStarted(Int, at: Timestamp)
        case stepFinished(Int, TestStepResult, at: Timestamp)
        case suggestion(Int, code: String)
        case attachment(Int, PendingAttachment, at: Timestamp)
        case finished(willBeRetried: Bool, at: Timestamp)
    }

    /// Appends the line of `envelope`, an event of `plan`, with its line feed; false (and
    /// nothing appended) when the envelope is no event of the plan's steps this protocol
    /// carries: the caller sends it whole.
    static func append(_ envelope: Envelope, of plan: TestCasePlan, to bytes: inout [UInt8]) -> Bool {
        // The line is written straight after the others: the buffer moves into the writer and back.
        let start = bytes.count
        var fields = FieldWriter(after: bytes)
        bytes = []
        defer { bytes = fields.take() }
        guard write(envelope, of: plan, into: &fields) else {
            fields.drop(from: start)
            return false
        }
        fields.endLine()
        return true
    }

    private static func write(_ envelope: Envelope, of plan: TestCasePlan, into fields: inout FieldWriter) -> Bool {
        switch envelope {
        case .testCaseStarted(let started):
            guard started.testCaseId == plan.id else { return false }
            fields.word("C")
            fields.number(started.attempt)
            time(started.timestamp, into: &fields)
        case .testStepStarted(let started):
            guard let step = plan.stepIndex(of: started.testStepId) else { return false }
            fields.word("S")
            fields.number(step)
            time(started.timestamp, into: &fields)
        case .testStepFinished(let finished):
            guard let step = plan.stepIndex(of: finished.testStepId) else { return false }
            let result = finished.testStepResult
            fields.word("F")
            fields.number(step)
            fields.text(result.status.rawValue)
            fields.number(result.duration.seconds)
            fields.number(result.duration.nanos)
            time(finished.timestamp, into: &fields)
            fields.optional(result.message)
            if let exception = result.exception {
                fields.optional(exception.type)
                fields.optional(exception.message)
                fields.optional(exception.stackTrace)
            } else {
                fields.word("-")
            }
        case .suggestion(let suggestion):
            guard suggestion.snippets.count == 1, let snippet = suggestion.snippets.first,
                snippet.language == "swift", suggestion.id.hasSuffix("-suggestion"),
                let step = plan.stepIndex(of: String(suggestion.id.dropLast("-suggestion".count))),
                plan.suggestionEvent(step, code: snippet.code) == envelope
            else { return false }
            fields.word("G")
            fields.number(step)
            fields.text(snippet.code)
        case .attachment(let attachment):
            guard let stepId = attachment.testStepId, let step = plan.stepIndex(of: stepId),
                attachment.testRunHookStartedId == nil, attachment.testRunStartedId == nil, attachment.url == nil,
                let timestamp = attachment.timestamp
            else { return false }
            fields.word("A")
            fields.number(step)
            fields.text(attachment.mediaType)
            fields.text(attachment.contentEncoding.rawValue)
            fields.optional(attachment.fileName)
            time(timestamp, into: &fields)
            fields.text(attachment.body)
        case .testCaseFinished(let finished):
            fields.word("E")
            fields.number(finished.willBeRetried ? 1 : 0)
            time(finished.timestamp, into: &fields)
        default:
            return false
        }
        return true
    }

    private static func time(_ timestamp: Timestamp, into fields: inout FieldWriter) {
        fields.number(timestamp.seconds)
        fields.number(timestamp.nanos)
    }

    /// The event a line tells; nil when it is no result line of this version.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Event? {
        var cursor = FieldCursor(bytes)
        guard let kind = cursor.raw(), kind.count == 1, let event = event(kind[0], &cursor), cursor.atEnd else {
            return nil
        }
        return event
    }

    private static func event(_ kind: UInt8, _ cursor: inout FieldCursor) -> Event? {
        switch kind {
        case UInt8(ascii: "C"):
            guard let attempt = cursor.integer(), attempt >= 0, let time = time(&cursor) else { return nil }
            return .started(attempt: attempt, at: time)
        case UInt8(ascii: "S"):
            guard let step = cursor.integer(), let time = time(&cursor) else { return nil }
            return .stepStarted(step, at: time)
        case UInt8(ascii: "F"):
            guard let step = cursor.integer(), let status = cursor.text().flatMap(TestStepResultStatus.init(rawValue:)),
                let seconds = cursor.integer(), seconds >= 0, let nanos = cursor.integer(),
                (0..<1_000_000_000).contains(nanos), let time = time(&cursor), let message = cursor.optionalText(),
                let type = cursor.optionalText()
            else { return nil }
            var exception: ExceptionMessage?
            if let type {
                guard let text = cursor.optionalText(), let stack = cursor.optionalText() else { return nil }
                exception = ExceptionMessage(type: type, message: text, stackTrace: stack)
            }
            let result = TestStepResult(
                duration: Duration(seconds: seconds, nanos: nanos), message: message, status: status,
                exception: exception)
            return .stepFinished(step, result, at: time)
        case UInt8(ascii: "G"):
            guard let step = cursor.integer(), let code = cursor.text() else { return nil }
            return .suggestion(step, code: code)
        case UInt8(ascii: "A"):
            guard let step = cursor.integer(), let mediaType = cursor.text(),
                let encoding = cursor.text().flatMap(Attachment.ContentEncoding.init(rawValue:)),
                let fileName = cursor.optionalText(), let time = time(&cursor), let body = cursor.text()
            else { return nil }
            let attachment = PendingAttachment(
                body: body, base64: encoding == .base64, mediaType: mediaType, fileName: fileName)
            return .attachment(step, attachment, at: time)
        case UInt8(ascii: "E"):
            guard let retried = cursor.integer(), retried == 0 || retried == 1, let time = time(&cursor) else {
                return nil
            }
            return .finished(willBeRetried: retried == 1, at: time)
        default:
            return nil
        }
    }

    private static func time(_ cursor: inout FieldCursor) -> Timestamp? {
        guard let seconds = cursor.integer(), let nanos = cursor.integer(), (0..<1_000_000_000).contains(nanos)
        else { return nil }
        return Timestamp(seconds: seconds, nanos: nanos)
    }
}
