/// An error a request is answered with, with its JSON-RPC code.
struct ProtocolError: Error {
    let code: Int
    let message: String

    static func invalidParams(_ message: String) -> ProtocolError {
        ProtocolError(code: -32602, message: "Invalid params: \(message)")
    }

    static func methodNotFound(_ method: String) -> ProtocolError {
        ProtocolError(code: -32601, message: "Method not found: \(method)")
    }

    /// The request was valid but could not be carried out, for the reason given.
    static func requestFailed(_ message: String) -> ProtocolError {
        ProtocolError(code: -32803, message: message)
    }

    /// The editor cancelled the request (`$/cancelRequest`) before it was answered.
    static let cancelled = ProtocolError(code: -32800, message: "Request cancelled")
    /// An edit arrived after the request, so its answer would describe an older text.
    static let contentModified = ProtocolError(code: -32801, message: "Content modified")
    /// Not an answer: the request is put back behind a completion that came after it.
    static let deferred = ProtocolError(code: 0, message: "answered after the completion behind it")
}
