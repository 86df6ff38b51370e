import ConformanceData
import Foundation
import XCTest

@testable import SpecsLanguageServer

final class FrameSearchTests: XCTestCase {
    /// Messages written to a pipe in chunks, read back through a connection.
    private func read(_ bytes: [UInt8], count: Int) throws -> (messages: [[String: Any]], scanned: Int) {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let data = Data(bytes)
        DispatchQueue.global().async {
            var offset = 0
            while offset < data.count {
                let end = min(data.count, offset + 65_536)
                try? writer.write(contentsOf: data[offset..<end])
                offset = end
            }
            try? writer.close()
        }
        let connection = JSONRPCConnection(input: pipe.fileHandleForReading.fileDescriptor, output: -1)
        var messages: [[String: Any]] = []
        while messages.count < count, let incoming = connection.next() {
            guard case .message(let message) = incoming else { return (messages, connection.search.scanned) }
            messages.append(message)
        }
        return (messages, connection.search.scanned)
    }

    private func frame(_ object: [String: Any]) throws -> [UInt8] {
        let body = try JSONSerialization.data(withJSONObject: object)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + Array(body)
    }

    func test_next_multiMegabyteDocument_isSearchedOnceByteByByte() throws {
        // A feature file of 8 MB, full of the letters a header starts with.
        let line = "    Given a cart with content-length: \"Content\" costs 12 EUR\n"
        let text = "Feature: Large\n  Scenario: s\n" + String(repeating: line, count: 8 << 20 / line.utf8.count)
        let open = try frame([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": "file:///large.feature", "text": text]],
        ])
        let hover = try frame(["jsonrpc": "2.0", "id": 1, "method": "textDocument/hover"])
        let (messages, scanned) = try read(open + hover, count: 2)
        XCTAssertEqual(messages.map { $0["method"] as? String }, ["textDocument/didOpen", "textDocument/hover"])
        let received = (messages.first?["params"] as? [String: Any]).flatMap { $0["textDocument"] as? [String: Any] }
        XCTAssertEqual((received?["text"] as? String)?.utf8.count, text.utf8.count)
        // Linear: every byte looked at about once, however many chunks the document came in.
        XCTAssertGreaterThanOrEqual(scanned, open.count)
        XCTAssertLessThan(scanned, (open.count + hover.count) * 11 / 10)
    }

    func test_next_bodyShorterThanItsLength_endsAtTheNextHeader() throws {
        var first = try frame(["jsonrpc": "2.0", "id": 1, "method": "a"])
        // The header says 40 bytes more than the body has: the next header ends it.
        let declared = first.count - "Content-Length: XX\r\n\r\n".utf8.count + 40
        first = Array("Content-Length: \(declared)\r\n\r\n".utf8) + first.drop { $0 != UInt8(ascii: "{") }
        let second = try frame(["jsonrpc": "2.0", "id": 2, "method": "b"])
        let (messages, _) = try read(first + second, count: 2)
        XCTAssertEqual(messages.map { $0["method"] as? String }, ["a", "b"])
    }

    /// Every message and refusal a connection reads from `bytes`, to their end.
    private func readAll(_ bytes: [UInt8]) -> [String] {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        DispatchQueue.global().async {
            try? writer.write(contentsOf: Data(bytes))
            try? writer.close()
        }
        let connection = JSONRPCConnection(input: pipe.fileHandleForReading.fileDescriptor, output: -1)
        var read: [String] = []
        while let incoming = connection.next() {
            switch incoming {
            case .message(let message): read.append((message["method"] as? String) ?? "?")
            case .malformed: read.append("malformed")
            }
        }
        return read
    }

    /// A header without a length (`Content-Type`) inside a body cut short: its end is searched
    /// for an early header, and the length field found looking back from it is the body's own
    /// header, before the body. It is no early header; the next message is read as sent.
    func test_next_headerWithoutLengthInsideACutBody_isNoEarlyHeaderOfItsOwnFrame() throws {
        let cut = Array("Content-Length: 5\r\n\r\n{\"a\":".utf8) + Array("Content-Type: x\r\n\r\n".utf8)
        let hover = try frame(["jsonrpc": "2.0", "id": 1, "method": "textDocument/hover"])
        let read = readAll(cut + hover)
        XCTAssertEqual(read.last, "textDocument/hover", "\(read)")
        XCTAssertTrue(read.dropLast().allSatisfy { $0 == "malformed" }, "\(read)")
        var search = FrameSearch()
        let bytes = cut + hover
        let body = "Content-Length: 5\r\n\r\n".utf8.count
        let early = search.nextHeader(in: bytes, from: body, to: bytes.count, fieldFrom: body)
        XCTAssertEqual(early?.field, cut.count)
    }

    /// Seeded sequences of frames a client may send wrong (a header without a length, a body
    /// shorter or longer than its length, bytes that are no JSON, headers ended by line feeds
    /// alone, a length of many digits) around messages framed right: every sequence is read
    /// to its end without a crash, and a message framed right after the last wrong one is read.
    func test_next_seededWrongFrames_readToTheEndAndTheMessagesAfterThemRead() throws {
        var generator = SeededGenerator(seed: 74)
        for sequence in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let body = Array("{\"jsonrpc\":\"2.0\",\"method\":\"wrong\"}".utf8)
                switch Int.random(in: 0..<7, using: &generator) {
                case 0: bytes += Array("Content-Type: x\r\n\r\n".utf8)
                case 1: bytes += Array("Content-Length: \(body.count - 5)\r\n\r\n".utf8) + body
                case 2: bytes += Array("Content-Length: \(body.count + 9)\r\n\r\n".utf8) + body
                case 3: bytes += Array("Content-Length: 5\r\n\r\n{\"a\":".utf8)
                case 4: bytes += Array("Content-Length: \(body.count)\n\n".utf8) + body
                case 5: bytes += Array("Content-Length: 99999999999999999999\r\n\r\n{}".utf8)
                default:
                    bytes += (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                        UInt8.random(in: 0...255, using: &generator)
                    }
                }
            }
            let right = try (0..<3).map { try frame(["jsonrpc": "2.0", "method": "right\($0)"]) }.flatMap { $0 }
            let read = readAll(bytes + right)
            // A wrong frame may swallow what follows it up to the next header; the last ones
            // read are the right ones, whole.
            XCTAssertTrue(read.count >= 1, "sequence \(sequence): \(read)")
            XCTAssertEqual(read.last, "right2", "sequence \(sequence): \(read)")
        }
    }

    func test_headerEnd_carriageReturnsWithoutAHeader_arePassedOver() {
        var search = FrameSearch()
        let bytes = Array("{\r\n \"a\": 1\r\n}\r\nx\r\n\r\nContent-Length: 2\r\n\r\n{}".utf8)
        let found = search.nextHeader(in: bytes, from: 0, to: bytes.count)
        XCTAssertEqual(found?.field, bytes.firstRange(of: Array("Content-Length".utf8))?.lowerBound)
        XCTAssertEqual(search.headerEnd(in: bytes, from: 0, to: 10), nil)
    }
}
