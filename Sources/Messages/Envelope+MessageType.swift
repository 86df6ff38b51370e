extension Envelope {
    /// Whether `name` is a message type this model reads (`pickle`, `testCaseStarted`, ...).
    public static func isKnownMessageType(_ name: String) -> Bool { CodingKeys(stringValue: name) != nil }
}
