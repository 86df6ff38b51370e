import Foundation

/// Writes all of `bytes` to a file descriptor, again after an interruption; false when
/// the descriptor refuses them (its reader went away, the disk is full).
@discardableResult
package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += written
    }
    return true
}
