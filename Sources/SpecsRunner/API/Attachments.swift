import Foundation
import Locking
import Messages

/// Where a running step's attachments go.
final class AttachmentSink: Sendable {
    private let storage = Locked<[PendingAttachment]>([])

    func add(_ attachment: PendingAttachment) { storage.withLock { $0.append(attachment) } }
    func drain() -> [PendingAttachment] {
        storage.withLock {
            let all = $0
            $0 = []
            return all
        }
    }
}

/// An attachment waiting to be placed in the event stream.
struct PendingAttachment: Sendable {
    var body: String
    var base64: Bool
    var mediaType: String
    var fileName: String?

    /// The `attachment` envelope of this attachment, made where a step or hook ended: the
    /// one place an attachment becomes a message.
    func envelope(
        testCaseStartedId: String? = nil, testStepId: String? = nil, testRunHookStartedId: String? = nil,
        timestamp: Timestamp
    ) -> Envelope {
        .attachment(
            Attachment(
                body: body, contentEncoding: base64 ? .base64 : .identity, fileName: fileName, mediaType: mediaType,
                testCaseStartedId: testCaseStartedId, testStepId: testStepId,
                testRunHookStartedId: testRunHookStartedId,
                timestamp: timestamp))
    }
}

/// Attach text, JSON or bytes to the running scenario, or log a line. Each becomes an
/// `attachment` message of the step (or hook) that is running.
public enum Attach {
    @TaskLocal static var sink: AttachmentSink?

    /// Attaches text with a media type (`text/plain`, `application/json`, ...).
    public static func text(_ text: String, mediaType: String = "text/plain", fileName: String? = nil) {
        sink?.add(PendingAttachment(body: text, base64: false, mediaType: mediaType, fileName: fileName))
    }

    /// Attaches bytes, sent base64-encoded.
    public static func bytes(_ data: Data, mediaType: String, fileName: String? = nil) {
        sink?.add(
            PendingAttachment(body: data.base64EncodedString(), base64: true, mediaType: mediaType, fileName: fileName))
    }

    /// Logs a line (`text/x.cucumber.log+plain`).
    public static func log(_ line: String) {
        sink?.add(PendingAttachment(body: line, base64: false, mediaType: "text/x.cucumber.log+plain", fileName: nil))
    }

    /// Attaches a link (`text/uri-list`).
    public static func link(_ url: String) {
        sink?.add(PendingAttachment(body: url, base64: false, mediaType: "text/uri-list", fileName: nil))
    }
}
