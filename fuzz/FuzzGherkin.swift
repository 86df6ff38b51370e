// libFuzzer entry point for the Gherkin parser and pickle compiler, compiled together
// with Sources/Gherkin by Scripts/fuzz.sh (swiftc -sanitize=fuzzer,address).
// Any crash, hang or sanitizer report is a bug: bad input must only ever give errors.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGherkin(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // Invalid UTF-8 is rejected before parsing (SourceReader); the parser sees text.
    let text = String(decoding: bytes, as: UTF8.self)
    for language in ["en", "es"] {
        var ids = IncrementingIdGenerator()
        do {
            let document = try Parser(defaultLanguage: language).parse(text, uri: "fuzz.feature", ids: &ids)
            let pickles = PickleCompiler().compile(document, uri: "fuzz.feature", ids: &ids)
            // Encode every node and pickle: each text was cut from the source by byte
            // offsets, and a wrong one traps here.
            var count = pickles.count
            if let encoded = try? JSONEncoder().encode(document) { count &+= encoded.count }
            for pickle in pickles {
                if let encoded = try? JSONEncoder().encode(pickle) { count &+= encoded.count }
            }
            if count == -1 { print(count) }
        } catch {
            for parseError in error.errors where parseError.location.line < 1 {
                fatalError("error with an impossible line: \(parseError)")
            }
        }
    }
    return 0
}
