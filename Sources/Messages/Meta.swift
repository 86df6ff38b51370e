/// Who produced a message stream.
public struct Meta: Sendable, Hashable, Codable {
    public struct Product: Sendable, Hashable, Codable {
        public var name: String
        public var version: String?
        public init(name: String, version: String?) {
            self.name = name
            self.version = version
        }
    }

    public struct Ci: Sendable, Hashable, Codable {
        public var name: String
        public var url: String?
        public var buildNumber: String?
    }

    public var protocolVersion: String
    public var implementation: Product
    public var runtime: Product
    public var os: Product
    public var cpu: Product
    public var ci: Ci?

    public init(protocolVersion: String, implementation: Product, runtime: Product, os: Product, cpu: Product, ci: Ci? = nil) {
        self.protocolVersion = protocolVersion
        self.implementation = implementation
        self.runtime = runtime
        self.os = os
        self.cpu = cpu
        self.ci = ci
    }
}
