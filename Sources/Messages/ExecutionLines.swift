/// Reads back the execution envelopes that `NDJSON.line` writes most often, in exactly
/// the shape it writes them (keys sorted, no escapes): test cases and steps started and
/// finished, a passed or skipped result without a message. A run in worker processes
/// passes one of these per step; anything else is left to `JSONDecoder` (nil here).
package enum ExecutionLines {
    package static func decode(_ line: String) -> Envelope? {
        var line = line
        return line.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            return reader.envelope()
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func envelope() -> Envelope? {
            if take(#"{"testStepStarted":{"testCaseStartedId":""#) {
                guard let started = string(), take(#","testStepId":""#), let step = string(),
                    take(#","timestamp":"#), let time = timestamp(), take("}}"), atEnd
                else { return nil }
                return .testStepStarted(TestStepStarted(testCaseStartedId: started, testStepId: step, timestamp: time))
            }
            if take(#"{"testStepFinished":{"testCaseStartedId":""#) {
                guard let started = string(), take(#","testStepId":""#), let step = string(),
                    take(#","testStepResult":{"duration":"#), let duration = timestamp(), take(#","status":""#),
                    let status = string().flatMap(TestStepResultStatus.init(rawValue:)), take(#"},"timestamp":"#),
                    let time = timestamp(), take("}}"), atEnd
                else { return nil }
                let result = TestStepResult(
                    duration: Duration(seconds: duration.seconds, nanos: duration.nanos), status: status)
                return .testStepFinished(
                    TestStepFinished(
                        testCaseStartedId: started, testStepId: step, testStepResult: result, timestamp: time))
            }
            if take(#"{"testCaseStarted":{"attempt":"#) {
                guard let attempt = integer(), take(#","id":""#), let id = string(), take(#","testCaseId":""#),
                    let testCase = string(), take(#","timestamp":"#), let time = timestamp()
                else { return nil }
                var worker: String?
                if take(#","workerId":""#) {
                    guard let id = string() else { return nil }
                    worker = id
                }
                guard take("}}"), atEnd else { return nil }
                return .testCaseStarted(
                    TestCaseStarted(attempt: attempt, id: id, testCaseId: testCase, workerId: worker, timestamp: time))
            }
            if take(#"{"testCaseFinished":{"testCaseStartedId":""#) {
                guard let started = string(), take(#","timestamp":"#), let time = timestamp(),
                    take(#","willBeRetried":"#)
                else { return nil }
                let retried: Bool
                if take("true") { retried = true } else if take("false") { retried = false } else { return nil }
                guard take("}}"), atEnd else { return nil }
                return .testCaseFinished(
                    TestCaseFinished(testCaseStartedId: started, timestamp: time, willBeRetried: retried))
            }
            return nil
        }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let matches = literal.withUTF8Buffer { expected in
                for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
                return true
            }
            if matches { index += count }
            return matches
        }

        /// The rest of a string whose opening quote was taken; nil if it holds an escape.
        mutating func string() -> String? {
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    defer { index += 1 }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                case UInt8(ascii: "\\"): return nil
                default: index += 1
                }
            }
            return nil
        }

        mutating func integer() -> Int? {
            var negative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            let start = index
            var value = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, index - start < 18 {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            guard index > start else { return nil }
            return negative ? -value : value
        }

        /// `{"nanos":N,"seconds":S}`
        mutating func timestamp() -> Timestamp? {
            guard take(#"{"nanos":"#), let nanos = integer(), take(#","seconds":"#), let seconds = integer(), take("}")
            else { return nil }
            return Timestamp(seconds: seconds, nanos: nanos)
        }
    }
}
