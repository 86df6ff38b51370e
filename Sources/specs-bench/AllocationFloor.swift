import Foundation
import Gherkin
import Messages

/// An estimate of what the parser's output costs by itself: the heap objects that the
/// documents and pickles of a corpus hold (strings too long to be stored inline, and
/// non-empty arrays), and the time to allocate and free as many small buffers in a tight
/// loop. Any parser producing these value types pays at least about that much.
enum AllocationFloor {
    static func run(directory: String) -> Int32 {
        var objects = 0
        var bytes = 0
        for path in ParseBenchmark.featureFiles(below: directory) {
            guard let source = try? SourceReader.read(path: path) else { continue }
            bytes += source.data.utf8.count
            var ids = IncrementingIdGenerator()
            guard let document = try? Parser().parse(source.data, uri: path, ids: &ids) else { continue }
            var seen: Set<UInt> = []
            objects += heapObjects(in: document, seen: &seen)
            objects += heapObjects(in: PickleCompiler().compile(document, uri: path, ids: &ids), seen: &seen)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        var checksum = 0
        for index in 0..<objects {
            var buffer = [UInt8](repeating: 0, count: 24 + index & 31)
            buffer[0] = UInt8(truncatingIfNeeded: index)
            checksum &+= Int(buffer[0])
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print(String(format: "bytes %d  heap objects in documents and pickles %d (%.0f per MB)", bytes, objects, Double(objects) / (Double(bytes) / 1e6)))
        print(String(format: "allocate+free %d buffers %.3f s  = %.0f MB/s before any parsing  (checksum %d)",
                     objects, seconds, Double(bytes) / 1e6 / seconds, checksum))
        return 0
    }

    /// Strings longer than 15 UTF-8 bytes (shorter ones are stored inline), each storage
    /// once, and non-empty arrays (an array shared by two values is counted twice),
    /// found by reflection.
    static func heapObjects(in value: Any, seen: inout Set<UInt>) -> Int {
        if var string = value as? String {
            guard string.utf8.count > 15 else { return 0 }
            let address = string.withUTF8 { UInt(bitPattern: $0.baseAddress) }
            return seen.insert(address).inserted ? 1 : 0
        }
        let mirror = Mirror(reflecting: value)
        var count = mirror.displayStyle == .collection && !mirror.children.isEmpty ? 1 : 0
        for child in mirror.children { count += heapObjects(in: child.value, seen: &seen) }
        return count
    }
}
